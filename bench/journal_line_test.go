package bench

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// toJ and toJS are a run's values as the journal's text, as
// journalEntry holds them for json.Marshal: appendRunLine's twin.
func toJ(ms []Metric) []jmetric {
	out := make([]jmetric, len(ms))
	for i, m := range ms {
		out[i] = jmetric{m.Name, analysis.FormatValue(m.Value)}
	}
	return out
}

func toJS(ss []Sample) []jsample {
	out := make([]jsample, len(ss))
	for i, p := range ss {
		out[i] = jsample{p.Series, analysis.FormatValue(p.T), analysis.FormatValue(p.Value)}
	}
	return out
}

// A run's journal line is json.Marshal's of its journalEntry, byte for
// byte, whatever its names (quotes, backslashes, <, > and &, control
// characters, non-ASCII, invalid UTF-8) and values (NaN, ±Inf, -0,
// extremes), with or without a run configuration, metrics, timings,
// series or files' digests.
func TestJournalRunLineIsJSONMarshals(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{"many", "l1/2000jobs/cpus=128", "easy-sjbf", "", `say "x"`, `back\slash`, "<b>&amp;", "a<b", "a>b", "a&b", "tab\there", "nl\nx",
		"\x00\x1f", "ünïcode", "\xff\xfe", "\u2028", "exec:python3 mine.py --k=1"}
	values := []float64{0, math.Copysign(0, -1), 1, -2.5, 1e300, 5e-324, math.NaN(), math.Inf(1), math.Inf(-1), 123456789.125, 0.1}
	name := func() string { return names[rng.IntN(len(names))] }
	value := func() float64 {
		if rng.IntN(2) == 0 {
			return values[rng.IntN(len(values))]
		}
		return rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
	}
	for range 2000 {
		r := Run{Experiment: name(), Workload: name(), Algorithm: name(), Rep: rng.IntN(10001)}
		if rng.IntN(2) == 0 {
			r.ConfigHash = "0123456789abcdef"
		}
		var out Output
		for range rng.IntN(4) {
			out.Metrics = append(out.Metrics, Metric{Name: name(), Value: value()})
		}
		for range rng.IntN(3) {
			out.Timings = append(out.Timings, Metric{Name: name(), Value: value()})
		}
		for range rng.IntN(5) {
			out.Series = append(out.Series, Sample{name(), value(), value()})
		}
		for range rng.IntN(3) {
			if out.files == nil {
				out.files = map[string]string{}
			}
			out.files[name()] = name()
		}
		want, err := json.Marshal(journalEntry{Key: []string{r.Experiment, r.Workload, r.Algorithm}, Rep: r.Rep, RunConfig: r.ConfigHash,
			Metrics: toJ(out.Metrics), Timings: toJ(out.Timings), Series: toJS(out.Series), Files: out.files})
		if err != nil {
			t.Fatal(err)
		}
		if got := appendRunLine(nil, r, out); string(got) != string(want)+"\n" {
			t.Fatalf("run %+v, output %+v:\n got %s\nwant %s", r, out, got, want)
		}
	}
}

// BenchmarkJournalLine times one run's journal line, 5 metrics, a timing
// and 100 samples (a Lublin run of a study file's: a study of 120,000
// runs writes 120,000 of them), written out (op=append, what the journal
// does) and through json.Marshal of its journalEntry (op=marshal, before).
func BenchmarkJournalLine(b *testing.B) {
	r := NewRun("many", "l1", "easy-sjbf", 1234)
	r.ConfigHash = "0123456789abcdef"
	out := Output{Timings: []Metric{{Name: "run_seconds", Value: 0.000123}}}
	for i, m := range []string{"wait", "bsld", "usage_pct", "makespan", "slowdown"} {
		out.Metrics = append(out.Metrics, Metric{Name: m, Value: 1234.5678 * float64(i+1)})
	}
	for k := range 100 {
		out.Series = append(out.Series, Sample{"utilisation", float64(k) * 1234.5678, float64(k%97) / 97})
	}
	b.Run("op=append", func(b *testing.B) {
		var line []byte
		for b.Loop() {
			line = appendRunLine(line[:0], r, out)
		}
	})
	b.Run("op=marshal", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(journalEntry{Key: []string{r.Experiment, r.Workload, r.Algorithm}, Rep: r.Rep, RunConfig: r.ConfigHash,
				Metrics: toJ(out.Metrics), Timings: toJ(out.Timings), Series: toJS(out.Series)}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
