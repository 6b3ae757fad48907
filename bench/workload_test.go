package bench

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
)

// TestWorkloadDescriptors: a plan describes each workload once with its
// ordered parameters, reports find them by id or by a parameter, and a
// run whose workload is not described is refused when any is.
func TestWorkloadDescriptors(t *testing.T) {
	p := testPlan(1)
	for i, w := range []string{"w1", "w2", "w3"} {
		p.Describe(w, Int("n", i+1), Num("ia", 0.5*float64(i)), Str("part", map[bool]string{true: "even", false: "odd"}[i%2 == 0]))
	}
	p.Describe("w1", Int("n", 99)) // ignored: described already
	if w, ok := p.Workload("w2"); !ok || w.String() != "n=2 ia=0.5 part=odd" {
		t.Errorf("w2 = %q (%v), want n=2 ia=0.5 part=odd", w.String(), ok)
	}
	if v, ok := p.Workloads[0].Get("n"); !ok || v != "1" {
		t.Errorf("w1 n = %q, %v", v, ok)
	}
	if w, _ := p.Workload("w2"); true {
		n, err1 := w.Int("n")
		ia, err2 := w.Float("ia")
		if n != 2 || ia != 0.5 || err1 != nil || err2 != nil {
			t.Errorf("w2: n = %d (%v), ia = %g (%v)", n, err1, ia, err2)
		}
		if _, err := w.Int("part"); err == nil || !strings.Contains(err.Error(), "part=odd is not a number") {
			t.Errorf("w2 part as a number: %v", err)
		}
		if _, err := w.Int("ia"); err == nil {
			t.Error("ia=0.5 read as an integer")
		}
		if _, err := w.Float("missing"); err == nil || !strings.Contains(err.Error(), "workload w2 has no parameter missing") {
			t.Errorf("missing parameter: %v", err)
		}
	}
	if ws := p.WorkloadsWith("part", "even"); len(ws) != 2 || ws[0].ID != "w1" || ws[1].ID != "w3" {
		t.Errorf("part=even: %+v", ws)
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
