package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
)

// table renders the medians of both commands and their ratios.
func table(dir string, packages, rounds, cpus int, vet, idemvet *command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s: %d packages; %s, %d CPUs; median of %d alternating runs each, build cache warm, vet results not cached.\n\n",
		dir, packages, runtime.Version(), cpus, rounds)
	fmt.Fprintf(&b, "| | %s | %s | ratio |\n|---|---:|---:|---:|\n", vet.name, idemvet.name)
	row := func(name string, metric func(sample) float64, unit string) {
		v, i := median(vet.runs, metric), median(idemvet.runs, metric)
		fmt.Fprintf(&b, "| %s | %.1f %s | %.1f %s | %.2f× |\n", name, v, unit, i, unit, i/v)
	}
	row("wall time", func(s sample) float64 { return s.wall.Seconds() }, "s")
	row("CPU time (user+sys)", func(s sample) float64 { return s.cpu.Seconds() }, "s")
	row("peak RSS of one process", func(s sample) float64 { return float64(s.peakRSS) / (1 << 20) }, "MiB")
	return b.String()
}

func median(runs []sample, metric func(sample) float64) float64 {
	values := make([]float64, len(runs))
	for i, s := range runs {
		values[i] = metric(s)
	}
	slices.Sort(values)
	if len(values) == 0 {
		return 0
	}
	return values[len(values)/2]
}
