package spaceshared

import (
	"fmt"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/jobsout"
)

// SeriesUtilisation names the series UtilisationSeries records.
const SeriesUtilisation = "utilisation"

// UtilisationSeries is the share of p's CPUs (0 to 1) a schedule keeps in
// use, as the time-weighted mean over each of bins equal bins from the
// first submission to the last end: one sample a bin, t its start in
// seconds after the first submission. Studies record it beside their
// metrics (series.csv) and draw it on their pages. recs are the records of
// jobs, one per job in the same order, as Simulate returns them. It
// panics when bins is below 1 or recs and jobs differ in length.
func UtilisationSeries(p Platform, jobs []Job, recs []Record, bins int) []bench.Sample {
	if bins < 1 {
		panic(fmt.Sprintf("spaceshared: UtilisationSeries with %d bins; want at least 1", bins))
	}
	if len(recs) != len(jobs) {
		panic(fmt.Sprintf("spaceshared: UtilisationSeries of %d records for %d jobs; want one record per job", len(recs), len(jobs)))
	}
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

// UtilisationOf reads back from series points what UtilisationSeries
// recorded for repetition 0 of algorithm algo on workload: each bin's
// start, its utilisation in % of the CPUs, and the last bin's end; ok is
// false with fewer than two bins (no width to draw them with).
func UtilisationOf(series []analysis.Point, workload, algo string) (t, pct []float64, end float64, ok bool) {
	for _, p := range series {
		if p.Workload == workload && p.Algorithm == algo && p.Rep == 0 && p.Series == SeriesUtilisation {
			t, pct = append(t, p.T), append(pct, 100*p.Value)
		}
	}
	if len(t) < 2 {
		return nil, nil, 0, false
	}
	return t, pct, t[len(t)-1] + (t[1] - t[0]), true
}
