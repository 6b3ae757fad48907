package filestudy

import (
	"slices"
	"testing"
)

// TestFailureGroups: the runs of one algorithm that failed with one error
// are one line, their repetitions as ranges, workload by workload; another
// error or algorithm is a line of its own; Failures keeps a line per run,
// in order of repetition (rep 2 before rep 10).
func TestFailureGroups(t *testing.T) {
	s := &Study{}
	start := "exec:python3 x.py: hello: no answer"
	for _, f := range []failure{
		{"x.py", "w/b", 1, start}, {"x.py", "w/a", 10, start}, {"x.py", "w/a", 2, start},
		{"x.py", "w/a", 0, start}, {"x.py", "w/a", 1, start}, {"x.py", "w/a", 3, start},
		{"x.py", "w/a", 5, "job 7 started twice"}, {"cons", "w/a", 4, "timeout"},
	} {
		s.failures = append(s.failures, f)
	}
	want := []string{
		"cons on w/a rep 4: timeout",
		"x.py on w/a reps 0-3, 10 and w/b rep 1: " + start,
		"x.py on w/a rep 5: job 7 started twice",
	}
	if got := s.FailureGroups(); !slices.Equal(got, want) {
		t.Errorf("FailureGroups:\n%q\nwant\n%q", got, want)
	}
	f := s.Failures()
	if len(f) != 8 || f[1] != "x.py on w/a rep 0: "+start || f[3] != "x.py on w/a rep 2: "+start || f[6] != "x.py on w/a rep 10: "+start {
		t.Errorf("Failures: %q", f)
	}
}
