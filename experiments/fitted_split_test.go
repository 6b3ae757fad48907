package experiments

import "testing"

func TestFittedSplit(t *testing.T) {
	cs := []Comparison{{Match: true, InSample: true}, {Match: true, InSample: true}, {Match: false, InSample: true},
		{Match: true}, {Match: false}}
	if got, want := fittedSplit(cs), "3/5 match: fitted (in sample) 2/3, validated (out of sample) 1/2"; got != want {
		t.Errorf("fittedSplit = %q, want %q", got, want)
	}
	if got := fittedSplit(cs[3:]); got != "" {
		t.Errorf("nothing fitted: fittedSplit = %q, want empty", got)
	}
}
