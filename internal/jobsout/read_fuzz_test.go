package jobsout

import (
	"math"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
)

// FuzzRead: any text is read as a jobs file or refused with an error
// naming the file, never a panic; what is read is a schedule the figures
// can draw: finite times in order, CPUs within a machine's limit, and
// allocations sorted and disjoint.
func FuzzRead(f *testing.F) {
	f.Add("job_id,submission_time,starting_time,finish_time,requested_number_of_resources,allocated_resources\n1,0,1,3,2,0-1\n2,0,,,1,\n")
	f.Add("jobID,submission_time,requested_number_of_processors,starting_time,execution_time,allocated_processors\n0,11.5,4,11.5,3.5,10 9 12 11\n")
	f.Add("job_id,submit,start,end,machine\n1,0,1,3,0\n2,1,1e300,1e308,0\n")
	f.Add("\xef\xbb\xbfjob_id,submit,start,end\r\n1,0,NaN,3\r\n")
	f.Fuzz(func(t *testing.T, text string) {
		for _, values := range []bool{true, false} {
			file, err := read(strings.NewReader(text), "in.csv", 0, values)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "in.csv") {
					t.Fatalf("error without the file's name: %v", err)
				}
				continue
			}
			for _, r := range file.Rows {
				for _, x := range []float64{r.Submit, r.Start, r.End} {
					if math.IsNaN(x) || math.IsInf(x, 0) {
						t.Fatalf("line %d: a time %g", r.Line, x)
					}
				}
				if !(r.Submit <= r.Start && r.Start <= r.End) {
					t.Fatalf("line %d: submitted %g, started %g, ended %g", r.Line, r.Submit, r.Start, r.End)
				}
				if c := r.CPUs(); c < 0 || c > sim.CPULimit {
					t.Fatalf("line %d: %d CPUs", r.Line, c)
				}
				for i, iv := range r.Alloc {
					if iv.Lo < 0 || iv.Hi < iv.Lo || iv.Hi >= sim.CPULimit || i > 0 && r.Alloc[i-1].Hi+1 >= iv.Lo {
						t.Fatalf("line %d: allocation %v", r.Line, r.Alloc)
					}
				}
			}
			if values {
				Used(file.Rows)
				Waiting(file.Rows)
				Backfilled(file.Rows)
			}
		}
	})
}
