package immediate_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// The published tables live in experiments/immediate/published.go. That
// package imports this one (and the runner), so importing it here would
// make these tests fail whenever the experiment layer is mid-edit; instead
// the test reads the data file's Go literals directly.

type publishedValues struct{ Makespan, Flowtime, Utilization, Proximity float64 }

func (v publishedValues) Get(metric string) (float64, bool) {
	switch metric {
	case "makespan":
		return v.Makespan, true
	case "flowtime":
		return v.Flowtime, true
	case "utilization":
		return v.Utilization, true
	case "proximity":
		return v.Proximity, true
	}
	return 0, false
}

type misprint struct {
	Instance, Heuristic, Metric string
	Ours                        float64
}

type publishedData struct {
	PublishedInstances, PublishedHeuristics, PublishedMetrics []string
	Published                                                 map[string]map[string]publishedValues
	Misprints                                                 []misprint
}

func readPublished(t *testing.T) *publishedData {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(here), "..", "..", "..", "experiments", "immediate", "published.go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatalf("reading the published tables: %v", err)
	}
	d := &publishedData{Published: map[string]map[string]publishedValues{}}
	str := func(e ast.Expr) string {
		s, err := strconv.Unquote(e.(*ast.BasicLit).Value)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	num := func(e ast.Expr) float64 {
		v, err := strconv.ParseFloat(e.(*ast.BasicLit).Value, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	strs := func(cl *ast.CompositeLit) (out []string) {
		for _, e := range cl.Elts {
			out = append(out, str(e))
		}
		return out
	}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			cl, ok := vs.Values[0].(*ast.CompositeLit)
			if !ok {
				continue
			}
			switch vs.Names[0].Name {
			case "PublishedInstances":
				d.PublishedInstances = strs(cl)
			case "PublishedHeuristics":
				d.PublishedHeuristics = strs(cl)
			case "PublishedMetrics":
				d.PublishedMetrics = strs(cl)
			case "Published":
				for _, e := range cl.Elts {
					kv := e.(*ast.KeyValueExpr)
					row := map[string]publishedValues{}
					for _, e2 := range kv.Value.(*ast.CompositeLit).Elts {
						kv2 := e2.(*ast.KeyValueExpr)
						v := kv2.Value.(*ast.CompositeLit).Elts
						row[str(kv2.Key)] = publishedValues{num(v[0]), num(v[1]), num(v[2]), num(v[3])}
					}
					d.Published[str(kv.Key)] = row
				}
			case "Misprints":
				for _, e := range cl.Elts {
					v := e.(*ast.CompositeLit).Elts
					d.Misprints = append(d.Misprints, misprint{str(v[0]), str(v[1]), str(v[2]), num(v[3])})
				}
			}
		}
	}
	n := 0
	for _, row := range d.Published {
		n += 4 * len(row)
	}
	if n != 240 || len(d.PublishedInstances) != 12 || len(d.PublishedHeuristics) != 5 || len(d.PublishedMetrics) != 4 {
		t.Fatalf("published.go holds %d cells, %d instances, %d heuristics, %d metrics; want 240, 12, 5, 4",
			n, len(d.PublishedInstances), len(d.PublishedHeuristics), len(d.PublishedMetrics))
	}
	return d
}
