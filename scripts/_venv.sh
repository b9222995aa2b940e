# Shared by scripts/play, scripts/test, scripts/bench, scripts/build-exe: find Python 3.11+ and make
# sure .venv exists with the package installed (editable) plus the given extras.
# Usage: source scripts/_venv.sh; ensure_venv "test"   (extras: "", "test", "build", "test,build")
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# A venv keeps its programs in bin/ (Linux, macOS) or Scripts/ (Windows: Git Bash).
VENV_BIN="$VENV/bin"
case "$(uname -s 2>/dev/null)" in MINGW* | MSYS* | CYGWIN*) VENV_BIN="$VENV/Scripts" ;; esac

find_python() {
    for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3 python; do
        [ -n "$candidate" ] || continue
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    echo "bauhausbox needs Python 3.11 or newer; none was found (set PYTHON=/path/to/python3.11)" >&2
    return 1
}

ensure_venv() {
    local extras="${1:-}"
    if [ ! -x "$VENV_BIN/python" ] && [ ! -x "$VENV_BIN/python.exe" ]; then
        local python
        python="$(find_python)"
        echo "Creating $VENV with $python"
        "$python" -m venv "$VENV"
    fi
    local spec="$ROOT"
    [ -n "$extras" ] && spec="$ROOT[$extras]"
    # Reinstall only when the build inputs changed (keeps repeated runs fast): pyproject, setup.py, and the
    # compiled Blokus core, which the editable install builds in place.
    local stamp="$VENV/.installed-$(echo "$extras" | tr ',' '-')"
    if [ ! -f "$stamp" ] || [ "$ROOT/pyproject.toml" -nt "$stamp" ] || [ "$ROOT/setup.py" -nt "$stamp" ] ||
        [ "$ROOT/bauhausbox/games/blokus/_core.c" -nt "$stamp" ]; then
        local log="$VENV/install.log"
        echo "Installing bauhausbox${extras:+ with $extras} into $VENV (log: $log)"
        if ! { "$VENV_BIN/python" -m pip install --upgrade pip &&
            "$VENV_BIN/python" -m pip install -e "$spec"; } >"$log" 2>&1; then
            tail -n 40 "$log" >&2
            echo "Installing failed; the whole log is in $log" >&2
            return 1
        fi
        touch "$stamp"
    fi
}
