package sim

import (
	"slices"
	"testing"
)

// copyJobs copies every job, across its chunks' edges, into an array of
// its own.
func TestCopyJobs(t *testing.T) {
	for _, n := range []int{0, 1, 4095, 4096, 4097, 10000} {
		jobs := make([]Job, n)
		for i := range jobs {
			jobs[i] = Job{ID: int64(i), Submit: float64(i), Run: 1, CPUs: 1 + i%7}
		}
		got := copyJobs(jobs)
		if !slices.Equal(got, jobs) {
			t.Fatalf("%d jobs: the copy differs", n)
		}
		if n > 0 {
			got[n-1].CPUs = -1
			if jobs[n-1].CPUs == -1 {
				t.Fatalf("%d jobs: the copy shares the caller's array", n)
			}
		}
	}
}
