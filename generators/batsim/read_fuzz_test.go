package batsim

import (
	"math"
	"strings"
	"testing"
)

// FuzzRead: any bytes are read as a workload or refused with an error
// naming the file, never a panic; the jobs of a workload read have
// finite times (a run time from its profile at the speed given, or an
// error naming the job).
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 2, "profile": "p", "walltime": 10}], "profiles": {"p": {"type": "delay", "delay": 5}}}`), 1e9)
	f.Add([]byte(`{"jobs": [{"id": "w!2", "subtime": 1.5, "res": 1, "profile": "h"}], "profiles": {"h": {"type": "parallel_homogeneous", "cpu": 1e12, "com": 0}}}`), 1e-300)
	f.Add([]byte("\xef\xbb\xbf{\"jobs\": [], \"profiles\": {}}"), 0.0)
	f.Fuzz(func(t *testing.T, b []byte, speed float64) {
		w, err := Read(b, "w.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "w.json") {
				t.Fatalf("error without the file's name: %v", err)
			}
			return
		}
		jobs, _, err := w.TraceJobs(speed)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "w.json:") {
				t.Fatalf("error without the file's name and line: %v", err)
			}
			return
		}
		for _, j := range jobs {
			for _, x := range []float64{j.Submit, j.Run, j.ReqTime} {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("job %d (line %d): submit %g, run %g, request %g", j.ID, j.Line, j.Submit, j.Run, j.ReqTime)
				}
			}
			if j.Run < 0 {
				t.Fatalf("job %d (line %d): run %g", j.ID, j.Line, j.Run)
			}
		}
	})
}
