package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
)

// The re-rendering takes runs.csv and series.csv as verify read them
// (bench.VerifyReport.Read), not from disk a second time: here the folder
// holds neither; the manifest and timings.csv are read.
func TestReadResultTakesWhatWasRead(t *testing.T) {
	dir := t.TempDir()
	if err := analysis.WriteManifest(filepath.Join(dir, "manifest.json"), &analysis.Manifest{Experiment: "x"}); err != nil {
		t.Fatal(err)
	}
	read := bench.ReadResults{
		Records: []analysis.Record{{Experiment: "x", Workload: "w", Algorithm: "a", Metric: "m", Value: 1}},
		Series:  []analysis.Point{{Experiment: "x", Workload: "w", Algorithm: "a", Series: "s", T: 0, Value: 2}},
	}
	res, err := readResult(dir, read)
	if err != nil {
		t.Fatal(err)
	}
	if res.Manifest.Experiment != "x" || !slices.Equal(res.Records, read.Records) || !slices.Equal(res.Series, read.Series) {
		t.Errorf("got %+v", res)
	}
	if _, err := readResult(dir, bench.ReadResults{}); !os.IsNotExist(err) {
		t.Errorf("nothing read: want runs.csv read from disk (missing), got %v", err)
	}
}
