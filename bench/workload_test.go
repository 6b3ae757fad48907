package bench

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
)

// TestWorkloadDescriptors: a plan describes each workload once with its
// ordered parameters, the manifest lists them, and a run whose workload
// is not described is refused when any is.
func TestWorkloadDescriptors(t *testing.T) {
	p := testPlan(1)
	for i, w := range []string{"w1", "w2", "w3"} {
		p.Describe(w, Int("n", i+1), Num("ia", 0.5*float64(i)), Str("part", map[bool]string{true: "even", false: "odd"}[i%2 == 0]))
	}
	p.Describe("w1", Int("n", 99)) // ignored: described already
	if w := p.Workloads[1]; w.ID != "w2" || w.String() != "n=2 ia=0.5 part=odd" {
		t.Errorf("w2 = %q (%s), want n=2 ia=0.5 part=odd", w.String(), w.ID)
	}
	var calls atomic.Int64
	res, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Manifest.Workloads; len(m) != 3 || m[2].ID != "w3" || m[2].Params != "n=3 ia=1 part=even" {
		t.Errorf("manifest workloads %+v", m)
	}
	p.Workloads = p.Workloads[:2]
	if _, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "toy/w3/A/0 has no workload descriptor") {
		t.Errorf("undescribed workload: %v", err)
	}
}
