"""Where the window opens and how large it may be: pure arithmetic on the desktop's size.

The window must open where the player can reach all of it: a remembered size or position from a
larger screen (or another monitor) must not leave the top bar or the Settings button off screen.
:func:`fit_window` decides, from the desktop's size, the remembered size and position and the
smallest size every layout supports, the window's size and position; with no remembered size (a
first start) it uses the room: :func:`first_size`, 1280 × 800 or about 90 % of a bigger desktop;
:func:`offered_sizes` lists the sizes the settings screen offers. No pygame here, so the decisions
are tested with any desktop.

Positions are those of SDL: the top-left corner of the window's inside (below its title bar),
relative to the top-left of the primary display.
"""

from __future__ import annotations

from dataclasses import dataclass

Size = tuple[int, int]
Position = tuple[int, int]

#: Room kept for the window's frame: its title bar above, thin borders, and a task bar. SDL cannot
#: tell how much of the desktop they take, so every size leaves this much of it free.
FRAME: Size = (0, 60)
#: How far below the desktop's top the window's inside starts at least (the title bar above it).
TITLE_BAR = 30

#: Window sizes offered in the settings, of common screens' proportions (16:10 and 16:9).
COMMON_SIZES: tuple[Size, ...] = (
    (1024, 640),
    (1152, 720),
    (1280, 720),
    (1280, 800),
    (1440, 900),
    (1600, 900),
    (1680, 1050),
    (1920, 1080),
    (1920, 1200),
    (2560, 1440),
    (2560, 1600),
)


#: The window of a first start on a desktop that has the room for it (the size the layouts are drawn for).
FIRST_SIZE: Size = (1280, 800)
#: How much of a bigger desktop's room a first window takes: the board gets the room, the desktop
#: keeps a margin around the window.
FIRST_SHARE = 0.9


@dataclass(frozen=True)
class WindowPlacement:
    size: Size
    position: Position


def room(desktop: Size) -> Size:
    """The largest window inside that fits on ``desktop`` with its frame and a task bar."""
    return (max(1, desktop[0] - FRAME[0]), max(1, desktop[1] - FRAME[1]))


def fit_size(wanted: Size, desktop: Size, minimum: Size) -> Size:
    """``wanted``, at least ``minimum``, at most what fits on ``desktop``. A desktop smaller than the
    minimum wins: a squeezed layout is better than controls out of reach."""
    most = room(desktop)
    return (
        min(max(wanted[0], minimum[0]), most[0]),
        min(max(wanted[1], minimum[1]), most[1]),
    )


def at_least_minimum(size: Size, desktop: Size, minimum: Size) -> Size:
    """A size the player dragged the window to, made no smaller than ``minimum`` (or the desktop's
    room, when that is smaller). Larger is left alone: a maximised window may use the whole screen."""
    most = room(desktop)
    return (max(size[0], min(minimum[0], most[0])), max(size[1], min(minimum[1], most[1])))


def centred(size: Size, desktop: Size) -> Position:
    """The position that centres a window of ``size`` (and its title bar) on ``desktop``."""
    return (max(0, (desktop[0] - size[0]) // 2), TITLE_BAR + max(0, (room(desktop)[1] - size[1]) // 2))


def kept_on(size: Size, position: Position, desktop: Size) -> Position:
    """``position`` moved as little as needed for a window of ``size`` to show whole on ``desktop``
    (title bar included); a window larger than the desktop keeps its top-left corner on it."""
    x = max(0, min(position[0], desktop[0] - size[0]))
    y = max(TITLE_BAR, min(position[1], desktop[1] - size[1]))
    return (x, y)


def fits_at(size: Size, position: Position, desktop: Size) -> bool:
    """Whether a window of ``size`` at ``position`` shows whole on ``desktop``, title bar included."""
    x, y = position
    return x >= 0 and y >= TITLE_BAR and x + size[0] <= desktop[0] and y + size[1] <= desktop[1]


def first_size(desktop: Size, minimum: Size) -> Size:
    """The window of a first start: ``FIRST_SIZE`` where the desktop has the room for it, and on a
    bigger desktop ``FIRST_SHARE`` of its room (the same proportions as the room); never more than
    the room, nor less than ``minimum`` (while the room allows)."""
    most = room(desktop)
    share = (round(most[0] * FIRST_SHARE), round(most[1] * FIRST_SHARE))
    return fit_size((max(FIRST_SIZE[0], share[0]), max(FIRST_SIZE[1], share[1])), desktop, minimum)


def fit_window(
    desktop: Size, wanted_size: Size | None, wanted_position: Position | None, minimum: Size
) -> WindowPlacement:
    """The window's size and position: the remembered ones when they fit on ``desktop``; else the
    remembered size made to fit, centred. ``wanted_size`` None (nothing remembered): the
    :func:`first_size`, centred."""
    if wanted_size is None:
        size = first_size(desktop, minimum)
        return WindowPlacement(size, centred(size, desktop))
    size = fit_size(wanted_size, desktop, minimum)
    if wanted_position is not None and size == wanted_size and fits_at(size, wanted_position, desktop):
        return WindowPlacement(size, wanted_position)
    return WindowPlacement(size, centred(size, desktop))


def offered_sizes(desktop: Size, minimum: Size, current: Size) -> list[Size]:
    """The window sizes worth offering on ``desktop``: the common ones that fit, never below
    ``minimum``, with ``current`` among them (it may be one the player dragged to), smallest first."""
    most = room(desktop)
    sizes = {size for size in COMMON_SIZES if minimum[0] <= size[0] <= most[0] and minimum[1] <= size[1] <= most[1]}
    sizes.add(current)
    return sorted(sizes)
