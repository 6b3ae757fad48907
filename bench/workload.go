package bench

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// Workload describes one workload of a plan: its id (the workload column
// of runs.csv and series.csv) and the parameters that made it, as ordered
// key=value pairs. Reports look workloads up here instead of parsing ids.
type Workload struct {
	ID     string
	Params []Param
}

// Param is one parameter of a workload.
type Param struct{ Key, Value string }

// Str, Int and Num make a parameter; Num writes the shortest form that
// reads back to the same float.
func Str(key, v string) Param         { return Param{key, v} }
func Int(key string, v int) Param     { return Param{key, strconv.Itoa(v)} }
func Num(key string, v float64) Param { return Param{key, analysis.FormatValue(v)} }

// Get returns the value of key and whether the workload has it.
func (w Workload) Get(key string) (string, bool) {
	for _, p := range w.Params {
		if p.Key == key {
			return p.Value, true
		}
	}
	return "", false
}

// Float returns the value of key as a number (a parameter made by Num or
// Int); the error names the workload and the key.
func (w Workload) Float(key string) (float64, error) {
	v, ok := w.Get(key)
	if !ok {
		return 0, fmt.Errorf("workload %s has no parameter %s", w.ID, key)
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, fmt.Errorf("workload %s: parameter %s=%s is not a number", w.ID, key, v)
	}
	return f, nil
}

// Int returns the value of key as an integer (a parameter made by Int).
func (w Workload) Int(key string) (int, error) {
	f, err := w.Float(key)
	if err == nil && f != float64(int(f)) {
		err = fmt.Errorf("workload %s: parameter %s=%g is not an integer", w.ID, key, f)
	}
	return int(f), err
}

// Is reports whether the workload's key has value v.
func (w Workload) Is(key, v string) bool {
	got, ok := w.Get(key)
	return ok && got == v
}

// String renders the parameters as "key=value key=value".
func (w Workload) String() string {
	kv := make([]string, len(w.Params))
	for i, p := range w.Params {
		kv[i] = p.Key + "=" + p.Value
	}
	return strings.Join(kv, " ")
}

// Describe adds a workload to the plan's descriptors, once per id (a
// second description of the same id is ignored: plans describe a workload
// where its first run is planned).
func (p *Plan) Describe(id string, params ...Param) {
	for _, w := range p.Workloads {
		if w.ID == id {
			return
		}
	}
	p.Workloads = append(p.Workloads, Workload{ID: id, Params: params})
}

// Workload returns the descriptor of workload id.
func (p Plan) Workload(id string) (Workload, bool) {
	for _, w := range p.Workloads {
		if w.ID == id {
			return w, true
		}
	}
	return Workload{}, false
}

// WorkloadsWith returns the plan's workloads whose key has value v, in plan order.
func (p Plan) WorkloadsWith(key, v string) []Workload {
	var out []Workload
	for _, w := range p.Workloads {
		if w.Is(key, v) {
			out = append(out, w)
		}
	}
	return out
}
