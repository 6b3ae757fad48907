package mapping

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/etcmatrix"
)

// Params are the user-settable parameters of the registered heuristics.
type Params struct {
	SALow, SAHigh float64 // SA thresholds r_l < r_h in [0, 1]
	KPercent      float64 // kPB's k, in (0, 100]
}

// DefaultParams are the parameters of the paper's Tables 3–6.
var DefaultParams = Params{SALow: DefaultSALow, SAHigh: DefaultSAHigh, KPercent: DefaultKPBPercent}

// Configure returns the named heuristics (all registered ones, in Names
// order, when names is empty) with SA and kPB set from p. Invalid names or
// parameters give an error, never a panic.
func Configure(names []string, p Params) ([]Heuristic, error) {
	if !(0 <= p.SALow && p.SALow < p.SAHigh && p.SAHigh <= 1) {
		return nil, fmt.Errorf("SA thresholds need 0 ≤ low < high ≤ 1, got low %v, high %v", p.SALow, p.SAHigh)
	}
	if !(p.KPercent > 0 && p.KPercent <= 100) {
		return nil, fmt.Errorf("kPB's k is a percentage in (0, 100], got %v", p.KPercent)
	}
	if len(names) == 0 {
		names = Names()
	}
	var out []Heuristic
	for _, n := range names {
		h, err := New(strings.TrimSpace(n), p)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, nil
}

// Result is one heuristic's metrics on one instance. BestKnown is the
// best-known makespan (0 when unknown) and Gap = Makespan/BestKnown − 1.
type Result struct {
	Instance, Heuristic string
	Metrics
	BestKnown, Gap float64
}

// EvaluateAll runs each heuristic on m (ready may be nil) and evaluates it
// with Evaluate. bestKnown > 0 fills BestKnown and Gap.
func EvaluateAll(instance string, m *etcmatrix.Matrix, hs []Heuristic, ready []float64, bestKnown float64) []Result {
	out := make([]Result, 0, len(hs))
	for _, h := range hs {
		r := Result{Instance: instance, Heuristic: h.Name(), Metrics: Evaluate(m, h.Assign(m, ready))}
		if bestKnown > 0 {
			r.BestKnown, r.Gap = bestKnown, Gap(r.Makespan, bestKnown)
		}
		out = append(out, r)
	}
	return out
}

// WriteCSV writes results as CSV with the header
// instance,heuristic,makespan,flowtime,utilization,proximity (plus
// best_known,gap when withGap), numbers in full precision.
func WriteCSV(w io.Writer, rs []Result, withGap bool) error {
	cw := csv.NewWriter(w)
	head := []string{"instance", "heuristic", "makespan", "flowtime", "utilization", "proximity"}
	if withGap {
		head = append(head, "best_known", "gap")
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, r := range rs {
		rec := []string{r.Instance, r.Heuristic, f(r.Makespan), f(r.Flowtime), f(r.Utilization), f(r.Proximity)}
		if withGap {
			if r.BestKnown > 0 {
				rec = append(rec, f(r.BestKnown), f(r.Gap))
			} else {
				rec = append(rec, "", "")
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
