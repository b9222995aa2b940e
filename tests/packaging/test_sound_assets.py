"""The shipped sound effects: present, small, sane levels, and reproducible from scripts/make-sounds."""

from __future__ import annotations

import array
import math
import subprocess
import sys
import wave
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOUNDS = REPO / "assets" / "sounds"
# The effects the sound manager and the games ask for (see scripts/make-sounds).
EFFECTS = ("click", "place", "slide", "invalid", "gameover", "flip", "draw", "turn")
MAX_BYTES = 40 * 1024


def read_format(path: Path) -> tuple[int, int, int, int]:
    """(channels, bytes per sample, sample rate, frame count)."""
    with wave.open(str(path), "rb") as wav:
        return wav.getnchannels(), wav.getsampwidth(), wav.getframerate(), wav.getnframes()


def read_samples(path: Path) -> array.array[int]:
    with wave.open(str(path), "rb") as wav:
        samples = array.array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":  # WAV data is little-endian
        samples.byteswap()
    return samples


@pytest.mark.parametrize("name", EFFECTS)
def test_effect_is_small_16_bit_mono_22050(name: str) -> None:
    path = SOUNDS / f"{name}.wav"
    channels, sample_width, rate, frames = read_format(path)
    assert (channels, sample_width, rate) == (1, 2, 22050)
    assert path.stat().st_size <= MAX_BYTES
    assert 0.02 <= frames / rate <= 0.9


@pytest.mark.parametrize("name", EFFECTS)
def test_effect_peaks_near_minus_3_dbfs_without_clipping(name: str) -> None:
    samples = read_samples(SOUNDS / f"{name}.wav")
    peak = max(abs(s) for s in samples)
    peak_dbfs = 20 * math.log10(peak / 32768)
    assert -3.5 <= peak_dbfs <= -2.5
    # Starts and ends at (near) silence, so playback never clicks.
    assert abs(samples[0]) < 400 and abs(samples[-1]) < 400


def test_generator_reproduces_committed_files_byte_for_byte(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(REPO / "scripts" / "make-sounds"), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    generated = sorted(p.name for p in tmp_path.glob("*.wav"))
    assert generated == sorted(f"{name}.wav" for name in EFFECTS)
    for name in generated:
        assert (tmp_path / name).read_bytes() == (SOUNDS / name).read_bytes(), name


def test_sounds_licence_names_cc0_and_the_generator() -> None:
    text = (SOUNDS / "LICENSE.txt").read_text(encoding="utf-8")
    assert "CC0" in text and "scripts/make-sounds" in text
