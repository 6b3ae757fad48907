package spaceshared

import (
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/jobsout"
)

// SeriesUtilisation names the series UtilisationSeries records.
const SeriesUtilisation = "utilisation"

// UtilisationSeries is the share of p's CPUs (0 to 1) a schedule keeps in
// use, as the time-weighted mean over each of bins equal bins from the
// first submission to the last end: one sample a bin, t its start in
// seconds after the first submission. Studies record it beside their
// metrics (series.csv) and draw it on their pages.
func UtilisationSeries(p Platform, jobs []Job, recs []Record, bins int) []bench.Sample {
	cpus := 0
	for _, m := range p.Machines {
		cpus += m.CPUs
	}
	_, width, share := jobsout.Utilisation(jobs, recs, cpus, bins)
	out := make([]bench.Sample, len(share))
	for k, x := range share {
		out[k] = bench.Sample{Series: SeriesUtilisation, T: float64(k) * width, Value: x}
	}
	return out
}
