package sim

import (
	"slices"
	"testing"
)

// CloneJobs copies every job, across its chunks' edges, into an array of
// its own, and keeps nil nil as slices.Clone does.
func TestCloneJobs(t *testing.T) {
	if CloneJobs(nil) != nil || CloneJobs([]Job{}) == nil {
		t.Error("CloneJobs(nil) must be nil and CloneJobs of an empty slice empty, as slices.Clone's")
	}
	for _, n := range []int{0, 1, 4095, 4096, 4097, 10000} {
		jobs := make([]Job, n)
		for i := range jobs {
			jobs[i] = Job{ID: int64(i), Submit: float64(i), Run: 1, CPUs: 1 + i%7}
		}
		got := CloneJobs(jobs)
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
