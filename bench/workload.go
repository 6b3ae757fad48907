package bench

import (
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// Workload describes one workload of a plan: its id (the workload column
// of runs.csv and series.csv) and the parameters that made it, as ordered
// key=value pairs. They are for the manifest (manifest.json, the
// workbook): a report reads its study's typed plan, never these strings.
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
