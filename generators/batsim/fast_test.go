package batsim

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/generators/trace"
)

// same reports whether the fast reader's workload is the decoder's, to
// the bit (%#v tells -0 from 0) and to the unexported fields.
func same(a, b *Workload) bool { return fmt.Sprintf("%#v", a) == fmt.Sprintf("%#v", b) }

// The fast reader reads the workloads gridbench and Batsim write exactly
// as the decoder does, and leaves to the decoder whatever it does not
// read as the decoder would; Read gives the decoder's workload or error
// in both cases.
func TestReadFastMatchesDecoder(t *testing.T) {
	// What workload convert writes, on a few thousand jobs of varied times.
	rng := rand.New(rand.NewPCG(5, 6))
	var jobs []trace.Job
	for i := range 3000 {
		run := float64(rng.IntN(100000))
		if i%7 == 0 {
			run += rng.Float64()
		}
		jobs = append(jobs, trace.Job{ID: i + 1, Submit: float64(i * 13), Run: run, Procs: 1 + rng.IntN(64), ReqTime: run * 2})
	}
	var written bytes.Buffer
	if err := Write(&written, jobs, WriteOptions{Description: "a \"test\" with é"}); err != nil {
		t.Fatal(err)
	}
	read := []string{
		written.String(),
		small,
		"{\"jobs\": [], \"profiles\": {}}",
		"\n\r\t{ \"description\" : \"line\\nbreak \\u00e9 \\/ é\", \"command\": [1, {\"a\": [true, false, null, -0.5e+3]}],\n" +
			"\"jobs\" : [ {\"id\": -0, \"subtime\": -0, \"res\": 1, \"profile\": \"p\", \"walltime\": -1.0},\n" +
			"{\"subtime\": 3999999999.000000001, \"profile\": \"p\", \"res\": 7, \"walltime\": 1e2, \"id\": \"+5\", \"x\": {}} ],\n" +
			"\"profiles\": {\"p\": {\"type\": \"delay\", \"delay\": 1.5, \"cpu\": [1, 2], \"com\": {\"x\": 1}, \"com2\": 1, \"com2\": 2}},\n" +
			"\"nb_res\": 3 } \n",
	}
	for i, text := range read {
		fast, ok := readFast([]byte(text), "x.json")
		slow, err := readDecoder([]byte(text), "x.json")
		if err != nil || !ok || !same(fast, slow) {
			t.Errorf("workload %d: fast read %v, decoder's error %v, same %v\nfast: %#v\nslow: %#v", i, ok, err, ok && err == nil && same(fast, slow), fast, slow)
		}
	}
	// What the decoder reads but the fast reader does not read as it does:
	// it leaves them to the decoder.
	for _, text := range []string{
		`{"jobs": [{"ID": 1, "subtime": 0, "res": 1, "profile": "p"}], "profiles": {}}`,                     // a key in another case
		`{"jobs": [{"id": 1, "id": 2, "subtime": 0, "res": 1, "profile": "p"}], "profiles": {}}`,            // a key twice
		`{"jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "p\u0041"}], "profiles": {}}`,               // an escape
		`{"jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "é"}], "profiles": {}}`,                     // past ASCII
		`{"jobs": [], "profiles": {"p": {"type": "delay", "delay": "5"}}}`,                                  // a number in quotes
		`{"jobs": [], "profiles": {"p": {"type": null}}}`,                                                   // null for a string
		`{"jobs": [], "profiles": {"p": null}}`,                                                             // null for a profile
		`{"jobs": [], "jobs": [], "profiles": {}}`,                                                          // jobs twice
		`{"jobs": [], "profiles": {"p": {"type": "delay", "delay": 1, "delay": 2}}}`,                        // a profile key twice
		`{"jobs": [], "profiles": {}, "deep": ` + strings.Repeat("[", 600) + strings.Repeat("]", 600) + `}`, // deeper than 512
	} {
		if _, ok := readFast([]byte(text), "x.json"); ok {
			t.Errorf("the fast reader read %s", text)
		}
		w, err := Read([]byte(text), "x.json")
		slow, serr := readDecoder([]byte(text), "x.json")
		if fmt.Sprint(err) != fmt.Sprint(serr) || (err == nil && !same(w, slow)) {
			t.Errorf("%s: Read %v %v, decoder %v %v", text, w, err, slow, serr)
		}
	}
	// What the decoder refuses, the fast reader does not read either.
	for _, text := range []string{
		`{"jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "p"},], "profiles": {}}`,
		`{"jobs": [{"id": 1, "subtime": 01, "res": 1, "profile": "p"}], "profiles": {}}`,
		`{"jobs": [{"id": 1, "subtime": 1e999, "res": 1, "profile": "p"}], "profiles": {}}`,
		`{"jobs": [{"id": 1.0, "subtime": 0, "res": 1, "profile": "p"}], "profiles": {}}`,
		// Times beyond trace.MaxSeconds.
		`{"jobs": [{"id": 1, "subtime": 12345678901234567, "res": 1, "profile": "p"}], "profiles": {}}`,
		`{"jobs": [{"id": 1, "subtime": -4000000001, "res": 1, "profile": "p"}], "profiles": {}}`,
		`{"jobs": [{"id": 1, "subtime": 0, "res": 1, "profile": "p", "walltime": 4.0000001e9}], "profiles": {}}`,
		`{"jobs": [], "profiles": {"p": {"type": "delay", "delay": 1e300}}}`,
		`{"jobs": [{"id": 1, "subtime": 0, "res": 1}], "profiles": {}}`,
		`{"jobs": [], "profiles": {}, "x": "a\qb"}`,
		`{"jobs": [], "profiles": {}, "x": "tab	in"}`,
		`{"jobs": [], "profiles": {}} x`,
		`{"jobs": [], "profiles": {}, "nb_res": 0}`,
		`{"jobs": [], "profiles": {"p": {}, "p": {}}}`,
		`{"jobs": []`,
		// Past an int: on a 32-bit build, res and nb_res of ten digits.
		fmt.Sprintf(`{"jobs": [{"id": 1, "subtime": 0, "res": %d, "profile": "p"}], "profiles": {}}`, uint64(math.MaxInt)+1),
		fmt.Sprintf(`{"jobs": [], "profiles": {}, "nb_res": %d}`, uint64(math.MaxInt)+1),
	} {
		if _, err := readDecoder([]byte(text), "x.json"); err == nil {
			t.Errorf("the decoder read %s", text)
		}
		if _, ok := readFast([]byte(text), "x.json"); ok {
			t.Errorf("the fast reader read %s, which the decoder refuses", text)
		}
	}
}

// FuzzReadFast: whatever the fast reader reads, the decoder reads the
// same; it never reads what the decoder refuses.
func FuzzReadFast(f *testing.F) {
	f.Add([]byte(small))
	f.Add([]byte(`{"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 2, "profile": "p", "walltime": 10}], "profiles": {"p": {"type": "delay", "delay": 5}}}`))
	f.Add([]byte(`{"jobs": [{"id": "w!2", "subtime": 1.5, "res": 1, "profile": "h", "x": [1, {"y": null}]}], "profiles": {"h": {"type": "parallel_homogeneous", "cpu": 1e12, "com": 0}}}`))
	f.Add([]byte(`{"description": "a\"b\u00e9", "jobs": [], "profiles": {"q": {"type": "x", "cpu": [1, 2], "delay": true}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		fast, ok := readFast(b, "w.json")
		if !ok {
			return
		}
		slow, err := readDecoder(b, "w.json")
		if err != nil {
			t.Fatalf("the fast reader read what the decoder refuses (%v)", err)
		}
		if !same(fast, slow) {
			t.Fatalf("fast %#v\ndecoder %#v", fast, slow)
		}
	})
}
