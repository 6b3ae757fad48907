package bench_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/report"
)

// BenchmarkWorkbook writes a workbook shaped like the reproduction's: a
// Raw sheet of every record (44,540 rows for the four studies) beside a
// Stats sheet of about a tenth of that and a Series sheet of every
// series.csv row (5,944). Peak memory is the B/op of one op; cpu-ns/op is
// the process CPU time per workbook, the figure to compare on a shared
// machine.
func BenchmarkWorkbook(b *testing.B) {
	const rows = 44540
	r := rand.New(rand.NewPCG(1, 2))
	raw := &report.Table{ID: "Raw", Columns: analysis.Header}
	for i := range rows {
		raw.AddRow(report.Str("deadline"), report.Str(fmt.Sprintf("ia=%d", i%5+1)), report.Str("flex"), report.Int(i%20),
			report.Str(fmt.Sprint(r.Uint64())), report.Str("makespan"), report.Num(r.Float64()*1e6, -1))
	}
	stats := &report.Table{ID: "Stats", Columns: []string{"experiment", "workload", "algorithm", "metric", "n", "mean", "sd"}}
	for i := range rows / 10 {
		c := report.Num(r.Float64(), -1)
		c.Best = i%7 == 0
		stats.AddRow(report.Str("deadline"), report.Str("ia=1"), report.Str("easy"), report.Str("makespan"), report.Int(20), c, report.Num(r.Float64(), -1))
	}
	const samples = 5944
	series := &report.Table{ID: "Series", Columns: analysis.SeriesHeader}
	for i := range samples {
		series.AddRow(report.Str("federation"), report.Str("u2"), report.Str("dsa"), report.Int(0),
			report.Str(fmt.Sprint(r.Uint64())), report.Str("pending"), report.Num(float64(i), -1), report.Num(r.Float64()*100, -1))
	}
	path := filepath.Join(b.TempDir(), "gridbench.xlsx")
	b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
		b.ReportAllocs()
		c0, _ := cpuTimes(b)
		for b.Loop() {
			if err := report.WriteWorkbook(path, []*report.Table{stats, raw, series}); err != nil {
				b.Fatal(err)
			}
		}
		c1, _ := cpuTimes(b)
		b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
	})
}
