package pipeline

import (
	"testing"

	"github.com/gridbench/gridbench/experiments"
)

func TestFittedSplit(t *testing.T) {
	cs := []experiments.Comparison{{Table: "T1", Match: true, InSample: true}, {Table: "T1", Match: true, InSample: true}, {Table: "T1", Match: false, InSample: true},
		{Table: "T1", Match: true}, {Table: "T1", Match: false}, {Table: "T2", Match: true}}
	if got, want := fittedSplit(cs), "T1 3/5 match: fitted (in sample) 2/3, validated (out of sample) 1/2; T2 1/1 match, all validated (out of sample)"; got != want {
		t.Errorf("fittedSplit = %q, want %q", got, want)
	}
	if got, want := fittedSplit(cs[:3]), "T1 2/3 match, all fitted (in sample)"; got != want {
		t.Errorf("fittedSplit = %q, want %q", got, want)
	}
	if got, want := fittedSplit(cs[3:]), "T1 1/2 match, all validated (out of sample); T2 1/1 match, all validated (out of sample)"; got != want {
		t.Errorf("nothing fitted: fittedSplit = %q, want %q", got, want)
	}
	if got := fittedSplit(nil); got != "" {
		t.Errorf("no comparisons: fittedSplit = %q, want empty", got)
	}
}
