"""The rules of the layout check, applied to what one frame drew (bauhausbox.ui.layout_probe):

- text stays inside the window and inside the box its scene gave it; a text given no box that starts
  inside a panel (a dialog's box, content kept clear: the setup's record) stays inside that panel;
- a button's label keeps at least 8 px from the button's sides;
- no two controls overlap;
- a scene that draws a panel (a dialog's box) keeps all its controls inside it;
- no text runs under a button of its own scene (a log line under a button), its own words aside;
- a tooltip stays inside the window, at least ``TOOLTIP_EDGE`` px from its edges (a box touching the
  window's edge reads as cut), and off the control it explains, and next to it: at most
  ``NEAR`` of the window's height away (farther, it reads as the next row's);
- a tooltip covers no player's name (``names``: the seats of the game on screen, "Anni" in the players
  panel under the top bar's Hint button);
- a tooltip covers no other control's label (the words drawn inside that control, by the same scene),
  no title of its scene (``draw.heading``: "GAME LOG", "YOUR RECORD") and no content the scene asked
  to keep clear (``draw.keep_clear``: the setup's record box, a Load row's title, an illustration);
- a sentence (four words or more) is said in one place: the same words in two places of one frame
  say one thing twice (a refusal by the pointer and again in the status bar);
- no text says a hint that was already played (``spent_hints``: its words are stale);
- no text of a scene runs into a title of that scene (a note set beside a heading, shrunk until
  its room ran out: "CARTE DOMINO 17 SUR 20" under "neutre en main"), tooltips and banners aside;
- no text of a scene lies on a picture that scene keeps clear (``layout_probe.figure``: a tray's
  pieces under their names, a recap badge, whose own number aside), tooltips aside (they are drawn
  over things on purpose);
- a refusal's note by the pointer (role "note") covers no other text of its scene (the panel's
  prompt, a card's title);
- an action card's picture (``layout_probe.CARD_PICTURE``) is at least ``PICTURE_LEAST`` px on its
  shorter side (at 1024×640 the icons shrank to specks under two-line titles);
- at 1280×800, prose ("body") is at least 16 px and every other text at least 14 px.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

import pygame

from bauhausbox.ui.draw import BADGE
from bauhausbox.ui.layout_probe import CARD_PICTURE, Record, TextDraw

LABEL_PADDING = 8
BODY_MIN = 16
SECONDARY_MIN = 14
SLACK = 1  # a pixel of rounding either way is not an overflow
PICTURE_LEAST = 30  # an action card's picture, its shorter side in px


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


SENTENCE_WORDS = 4  # a text of this many words or more is a sentence, said once
NEAR = 0.1  # of the window's height: how far a tooltip may stand from its control (80 px at 1280×800)
TOOLTIP_EDGE = 4  # px a tooltip keeps from the window's edges


def problems(
    record: Record, check_sizes: bool, spent_hints: Collection[str] = (), names: Collection[str] = ()
) -> list[str]:
    """Everything wrong with the frame in ``record``, one line each (empty when the frame is fine);
    ``spent_hints``: the words of hints already played, which no text may still say; ``names``: the
    players' names, which no tooltip may cover."""
    found: list[str] = []
    places: dict[str, set[tuple[int, ...] | None]] = defaultdict(set)
    for text in record.texts:
        if sum(any(c.isalpha() for c in word) for word in text.content.split()) >= SENTENCE_WORDS:
            # A list's rows each box their words (the Join list's cards) in one column: one place.
            places[text.content.strip()].add((text.box.left, text.box.width) if text.box is not None else None)
    # One list may repeat a line ("Anni passes" twice in the log); two places saying it is twice.
    found += [
        f"the sentence {words!r} is drawn in {len(boxes)} places" for words, boxes in places.items() if len(boxes) > 1
    ]
    for text in record.texts:
        for hint in spent_hints:
            if hint and hint in text.content:
                found.append(f"text {text.content!r} still says a hint that was played")
    window = pygame.Rect((0, 0), record.surface_size)
    for text in record.texts:
        if not _inside(text.rect, window):
            found.append(f"text {text.content!r} at {tuple(text.rect)} leaves the window")
        elif text.box is not None and not _inside(text.rect, text.box):
            found.append(f"text {text.content!r} at {tuple(text.rect)} overflows its box {tuple(text.box)}")
        elif text.box is None and (panel := _panel_left(record, text)) is not None:
            found.append(f"text {text.content!r} at {tuple(text.rect)} runs out of its panel {tuple(panel)}")
        if check_sizes:
            least = BODY_MIN if text.role == "body" else SECONDARY_MIN
            if text.size < least:
                found.append(f"{text.role} text {text.content!r} is {text.size} px (at least {least})")
    for control in record.controls:
        if not _inside(control.rect, window):
            found.append(f"control {control.name!r} at {tuple(control.rect)} leaves the window")
        label = control.label
        if label is not None:
            room = min(label.left - control.rect.left, control.rect.right - label.right)
            if room < LABEL_PADDING or not _inside(label, control.rect):
                found.append(f"button {control.name!r}: its label has {room} px of room (at least {LABEL_PADDING})")
    for panel in record.panels:
        for control in record.controls:
            if control.layer == panel.layer and not _inside(control.rect, panel.rect):
                found.append(
                    f"control {control.name!r} at {tuple(control.rect)} sticks out of its panel {tuple(panel.rect)}"
                )
    controls = record.controls
    for index, first in enumerate(controls):
        for second in controls[index + 1 :]:
            if second.layer != first.layer:
                continue  # a dialog or menu covers the scene below on purpose
            overlap = first.rect.clip(second.rect)
            if overlap.width > SLACK and overlap.height > SLACK:
                found.append(f"controls {first.name!r} and {second.name!r} overlap at {tuple(overlap)}")
    for tip in record.tooltips:
        if not _inside(tip.rect, window):
            found.append(f"tooltip {tip.content!r} leaves the window")
        elif not window.inflate(-2 * TOOLTIP_EDGE, -2 * TOOLTIP_EDGE).contains(tip.rect):
            found.append(f"tooltip {tip.content!r} at {tuple(tip.rect)} touches the window's edge")
        for text in record.texts:
            if text.content.strip() in names and text.layer == tip.layer and text.rect.colliderect(tip.rect):
                found.append(f"tooltip {tip.content!r} covers the name {text.content!r} at {tuple(text.rect)}")
        if tip.rect.colliderect(tip.control):
            found.append(f"tooltip {tip.content!r} covers its own control")
        away = max(
            tip.control.left - tip.rect.right,
            tip.rect.left - tip.control.right,
            tip.control.top - tip.rect.bottom,
            tip.rect.top - tip.control.bottom,
        )
        if away > NEAR * window.height:
            found.append(f"tooltip {tip.content!r} stands {away} px from its control")
        for name, label in _labels(record, tip.layer):
            if label.colliderect(tip.rect) and not tip.control.contains(label):
                found.append(f"tooltip {tip.content!r} covers the label of {name!r} at {tuple(label)}")
        # Content to read (draw.keep_clear: the setup's record, a Load row's title, an illustration).
        for content in record.contents:
            if content.layer == tip.layer and content.rect.colliderect(tip.rect):
                found.append(f"tooltip {tip.content!r} covers content at {tuple(content.rect)}")
        # A panel's title names what is under it as a label names its control ("GAME LOG").
        for text in record.texts:
            if text.role == "title" and text.layer == tip.layer and text.rect.colliderect(tip.rect):
                found.append(f"tooltip {tip.content!r} covers the title {text.content!r} at {tuple(text.rect)}")
    found += _texts_on_figures(record)
    found += [
        f"the card picture at {tuple(figure.rect)} is under {PICTURE_LEAST} px"
        for figure in record.figures
        if figure.name == CARD_PICTURE and min(figure.rect.size) < PICTURE_LEAST
    ]
    found += _texts_into_titles(record)
    found += [
        f"the note {note.content!r} covers the text {text.content!r} at {tuple(text.rect.clip(note.rect))}"
        for note in record.texts
        if note.role == "note"
        for text in record.texts
        if text is not note and text.layer == note.layer and _overlap(text.rect, note.rect)
    ]
    found += _texts_under_controls(record)
    return found


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.width > SLACK and clip.height > SLACK


def _panel_left(record: Record, text: TextDraw) -> pygame.Rect | None:
    """The panel of the text's own scene that the text starts in and runs out of, if any: a scene that
    forgot to give its panel's words a box (``layout_probe.box``) is still held to the panel's edges."""
    for panel in (*record.panels, *record.contents):
        if (
            panel.layer == text.layer
            and panel.rect.collidepoint(text.rect.topleft)
            and not _inside(text.rect, panel.rect)
        ):
            return panel.rect
    return None


def _texts_under_controls(record: Record) -> list[str]:
    """Texts a button of their own scene covers (a control that reports its label), its own words
    and tooltips aside. Other controls (a tray's piece, a ramp, a graph) carry texts of the scene
    about them; a line box grazing a button (its font's leading) is no text under it."""
    found = []
    for control in record.controls:
        if control.label is None:
            continue
        for text in record.texts:
            if text.layer != control.layer or text.box == control.rect:
                continue
            if control.label is not None and _inside(text.rect, control.label):
                continue
            if any(tip.rect.contains(text.rect) for tip in record.tooltips):
                continue
            overlap = text.rect.clip(control.rect)
            if overlap.width > SLACK and overlap.height > text.rect.height // 2:
                found.append(f"text {text.content!r} runs under the button {control.name!r} at {tuple(overlap)}")
    return found


def _texts_on_figures(record: Record) -> list[str]:
    """Texts drawn on a picture of their own scene that must stay clear (a piece under its name)."""
    found = []
    for figure in record.figures:
        for text in record.texts:
            if text.layer != figure.layer or any(tip.rect.contains(text.rect) for tip in record.tooltips):
                continue
            if figure.name == BADGE and _centred_on(text.rect, figure.rect):
                continue  # a recap badge's own number
            overlap = text.rect.clip(figure.rect)
            if overlap.width > SLACK and overlap.height > SLACK:
                found.append(f"text {text.content!r} lies on {figure.name!r} at {tuple(overlap)}")
    return found


def _texts_into_titles(record: Record) -> list[str]:
    """Texts of a scene drawn over one of its titles (``draw.heading``), tooltips aside."""
    found = []
    for title in record.texts:
        if title.role != "title":
            continue
        for text in record.texts:
            if text.layer != title.layer or (text.content, tuple(text.rect)) == (title.content, tuple(title.rect)):
                continue
            if text.role == "banner":  # on its own band, over the game's title for its moment on purpose
                continue
            if any(tip.rect.contains(text.rect) for tip in record.tooltips):
                continue
            overlap = text.rect.clip(title.rect)
            if overlap.width > SLACK and overlap.height > SLACK:
                found.append(f"text {text.content!r} runs into the title {title.content!r} at {tuple(overlap)}")
    return found


def _centred_on(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return abs(inner.centerx - outer.centerx) <= 2 and abs(inner.centery - outer.centery) <= 2


def _labels(record: Record, layer: int) -> list[tuple[str, pygame.Rect]]:
    """The labels of the controls one scene drew: the words placed inside each control's rect (a
    button's picture reports its texts boxed by the button), and the label a control reports."""
    labels: list[tuple[str, pygame.Rect]] = []
    for control in record.controls:
        if control.layer != layer:
            continue
        if control.label is not None:
            labels.append((control.name, control.label))
        labels.extend((control.name, text.rect) for text in record.texts if text.box == control.rect)
    return labels
