package trace

import (
	"testing"
	"time"

	"github.com/gridbench/gridbench/internal/datadir"
)

// TestLCG checks the reader against the facts recorded in the data set's
// PROVENANCE.md (job count, header, column conventions).
func TestLCG(t *testing.T) {
	path := datadir.ForTest(t, "LCG-2005-1/LCG.swf.gz")
	start := time.Now()
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	n, users, zeroRun := 0, map[int]bool{}, 0
	var maxSubmit float64
	for r.Next() {
		j := r.Job()
		n++
		if j.ID != n {
			t.Fatalf("job %d has id %d", n, j.ID)
		}
		if j.Procs != 1 || j.CPUs() != 1 || j.Wait != -1 || j.ReqProcs != -1 {
			t.Fatalf("line %d: %+v breaks the LCG conventions", j.Line, j)
		}
		users[j.User] = true
		if j.Run == 0 {
			zeroRun++
		}
		maxSubmit = max(maxSubmit, j.Submit)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("read %d jobs in %v", n, time.Since(start))
	h := r.Header()
	if n != 188041 || h.MaxJobs != 188041 || h.UnixStartTime != 1132444805 || h.MaxProcs != 24515 {
		t.Errorf("jobs %d, header %+v", n, h)
	}
	if len(users) != 216 || zeroRun != 521 || maxSubmit != 950392 {
		t.Errorf("users %d, zero run %d, last submit %v; PROVENANCE says 216, 521, 950392", len(users), zeroRun, maxSubmit)
	}
	if got := len(h.Fields["Partition"]); got != 170 {
		t.Errorf("%d Partition header lines, want 170", got)
	}
	if h.TimeZoneString != "Europe/London" || h.Get("Information") != "http://lcg.web.cern.ch/LCG/\nhttp://www.cs.huji.ac.il/labs/parallel/workload/" {
		t.Errorf("TimeZoneString %q, Information %q", h.TimeZoneString, h.Get("Information"))
	}
}

// TestPWA reads every PWA trace in the data folder end to end and checks
// the job counts PROVENANCE.md records.
func TestPWA(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 60 MB of traces")
	}
	for file, want := range map[string]int{
		"KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz":   28476, // bundled
		"pwa-swf/NASA-iPSC-1993-3.1-cln.swf.gz": 18239,
		"pwa-swf/LANL-CM5-1994-4.1-cln.swf.gz":  122060,
		"pwa-swf/RICC-2010-2.swf.gz":            447794,
		"pwa-swf/lublin_256.swf":                10000,
		"alea-data-set/hpc2n.swf":               3170,
	} {
		t.Run(file, func(t *testing.T) {
			path := datadir.ForTest(t, file)
			start := time.Now()
			jobs, _, err := ReadAll(path, 0)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("read %d jobs in %v", len(jobs), time.Since(start))
			if len(jobs) != want {
				t.Errorf("%d jobs, want %d", len(jobs), want)
			}
		})
	}
}
