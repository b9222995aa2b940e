"""The how-to pages in French, at the smallest window (1024×700): every title stays in its column
("FAITES GLISSER LES DOMINOS SUR VOTRE RAMPE" used to run under the diagram), the solo ranks' names
keep clear of their bars ("Nettoyeur de joints"), and a list of the computer levels names them all."""

from __future__ import annotations

from typing import Any

import pytest

from bauhausbox import games, i18n
from bauhausbox.games.bits.cards import rank_ladder
from bauhausbox.games.bits.screen import paint
from bauhausbox.i18n import _, translate
from bauhausbox.scenes.howto import HowToScene
from bauhausbox.ui import layout_probe, theme
from tests.ui.helpers import frames, window_size

GAMES_WITH_PAGES = [game_id for game_id in games.GAME_IDS if games.scene_class(game_id).how_to_play()]


@pytest.mark.parametrize("game_id", GAMES_WITH_PAGES)
def test_how_to_titles_fit_their_column_in_french(fresh_app: Any, game_id: str, french: None) -> None:
    with window_size(fresh_app, (1024, 700)) as app:
        pages = games.scene_class(game_id).how_to_play()
        scene = app.push(HowToScene(app, games.load(game_id).info.title, pages))
        frames(app, 1)
        column = scene.text_rect
        for index, page in enumerate(pages):
            scene.index = index
            with layout_probe.recording(app.screen.get_size()) as record:
                frames(app, 1)
            words = _(page.title).upper().split()
            title = [text for text in record.texts if text.content.split() and set(text.content.split()) <= set(words)]
            assert title, f"page {index + 1}: its title {_(page.title)!r} was not drawn"
            assert sum(len(text.content.split()) for text in title) >= len(words)  # every word of it
            for text in title:
                assert column.left <= text.rect.left and text.rect.right <= column.right, (
                    f"page {index + 1}: {text.content!r} at {tuple(text.rect)} leaves its column {tuple(column)}"
                )
    assert i18n.language() == "fr"


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game_id", GAMES_WITH_PAGES)
def test_a_page_that_lists_the_computer_levels_lists_them_all(game_id: str, language: str) -> None:
    i18n.set_language(language)
    levels = [_(level) for level in games.load(game_id).info.levels]
    easy, medium = _("easy"), _("medium")
    for page in games.scene_class(game_id).how_to_play():
        for paragraph in page.paragraphs:
            said = _(paragraph)
            if f"{easy}, {medium}" in said:  # a list of the levels
                assert all(level in said for level in levels), (said, levels)


def test_the_solo_ranks_names_keep_clear_of_their_bars(fresh_app: Any, french: None) -> None:
    # The bars are drawn after the names: a bar over a name leaves its colour inside the name's rect.
    pages = games.scene_class("bits").how_to_play()
    index = next(i for i, page in enumerate(pages) if page.diagram is not None and "ladder" in page.diagram.__name__)
    names = {translate(name) for name, _span in rank_ladder()}
    bar_colours = {theme.RED, theme.BLUE, theme.YELLOW, paint.TILE_COLOURS["P"], theme.GREY, theme.LIGHT_GREY}
    with window_size(fresh_app, (1024, 700)) as app:
        scene = app.push(HowToScene(app, games.load("bits").info.title, pages))
        scene.index = index
        with layout_probe.recording(app.screen.get_size()) as record:
            frames(app, 1)
        drawn = [text for text in record.texts if text.content in names]
        assert {text.content for text in drawn} == names
        for text in drawn:
            inside = {
                tuple(app.screen.get_at((x, y)))[:3]
                for x in range(text.rect.left, text.rect.right)
                for y in range(text.rect.top, text.rect.bottom)
            }
            assert not inside & {tuple(colour)[:3] for colour in bar_colours}, f"a bar runs into {text.content!r}"
