"""What a process costs: its resident memory, for the benchmarks (the app's and the server's)."""

from __future__ import annotations

import sys


def resident_mb() -> float:
    """This process's resident memory in MB (Linux: now; elsewhere: the peak so far)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024
