package bench_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/gridbench/gridbench/paper"
	"github.com/gridbench/gridbench/results"
)

// BenchmarkWorkbook writes a workbook shaped like the reproduction's: a
// Raw sheet of every record (44,540 rows for the four studies) beside a
// Stats sheet of about a tenth of that. Peak memory is the B/op of one op.
func BenchmarkWorkbook(b *testing.B) {
	const rows = 44540
	r := rand.New(rand.NewPCG(1, 2))
	raw := &paper.Table{ID: "Raw", Columns: results.Header}
	for i := range rows {
		raw.AddRow(paper.Str("deadline"), paper.Str(fmt.Sprintf("ia=%d", i%5+1)), paper.Str("flex"), paper.Int(i%20),
			paper.Str(fmt.Sprint(r.Uint64())), paper.Str("makespan"), paper.Num(r.Float64()*1e6, -1))
	}
	stats := &paper.Table{ID: "Stats", Columns: []string{"experiment", "workload", "algorithm", "metric", "n", "mean", "sd"}}
	for i := range rows / 10 {
		c := paper.Num(r.Float64(), -1)
		c.Best = i%7 == 0
		stats.AddRow(paper.Str("deadline"), paper.Str("ia=1"), paper.Str("easy"), paper.Str("makespan"), paper.Int(20), c, paper.Num(r.Float64(), -1))
	}
	path := filepath.Join(b.TempDir(), "gridbench.xlsx")
	b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := paper.WriteWorkbook(path, []*paper.Table{stats, raw}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
