package adapt

import (
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sim"
)

// RICCForTest returns RICC-2010-2's machine (8,192 CPUs) and its first n
// jobs with their requested times as estimates (short of them with
// -short): a real log at the scale the schedulers' incremental structures
// are built for (queues of thousands, early ends at almost every
// instant). Without the data the test is skipped, naming the file
// (datadir.ForTest). It lives here, not in sim/simtest, because reading a
// log is a generator's work (TestLayers).
func RICCForTest(tb testing.TB, n, short int) (sim.Platform, []sim.Job) {
	tb.Helper()
	if testing.Short() {
		n = short
	}
	path := datadir.ForTest(tb, "pwa-swf/RICC-2010-2.swf.gz")
	jobs, _, err := LoadSWF(path, n, 8192, Requested)
	if err != nil {
		tb.Fatal(err)
	}
	return sim.SingleMachine(8192), jobs
}
