package external

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gridbench/gridbench/internal/sim"
)

// TestAppendDecideMatchesJSON: the decide message's short path must write
// the very bytes encoding/json writes, for times whole and fractional,
// tiny and huge (the exponent forms), with and without deadlines.
func TestAppendDecideMatchesJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pool := []float64{0, math.Copysign(0, -1), 1, 0.1, 1e-6, 9.99e-7, 1e-7, 1.5e-10, 1e20, 1e21, 1.2345e22, 123456789, 1.3e7, -3.5, 1e300, 5e-324}
	num := func() float64 {
		switch r.IntN(3) {
		case 0:
			return pool[r.IntN(len(pool))]
		case 1:
			return math.Trunc(r.Float64() * 1e8)
		}
		return r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30))
	}
	for range 3000 {
		var o struct {
			Type      string   `json:"type"`
			Time      float64  `json:"time"`
			Submitted []jobMsg `json:"submitted"`
			Completed []int    `json:"completed"`
			Free      []int    `json:"free"`
		}
		o.Type, o.Time = "decide", num()
		o.Submitted, o.Completed, o.Free = []jobMsg{}, []int{}, []int{}
		for range r.IntN(4) {
			m := jobMsg{Job: r.IntN(1 << 20), ID: r.Int64() - r.Int64(), Submit: num(), CPUs: 1 + r.IntN(5000), Estimate: num()}
			if r.IntN(2) == 0 {
				d := num()
				m.Deadline = &d
			}
			o.Submitted = append(o.Submitted, m)
		}
		for range r.IntN(4) {
			o.Completed = append(o.Completed, r.IntN(1<<30))
		}
		for range 1 + r.IntN(3) {
			o.Free = append(o.Free, r.IntN(1<<16))
		}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(&o); err != nil {
			t.Fatal(err)
		}
		got, ok := appendDecide(nil, o.Time, o.Submitted, o.Completed, o.Free)
		if !ok || !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("appendDecide (ok=%v):\n%s\nencoding/json:\n%s", ok, got, want.Bytes())
		}
	}
	if _, ok := appendDecide(nil, math.NaN(), nil, nil, nil); ok {
		t.Error("appendDecide accepted a NaN time")
	}
}

// TestApplyMatchesJSON feeds apply and applyJSON the same answers, compact
// and not, valid and not, on twin states, and demands the same error and
// the same jobs started.
func TestApplyMatchesJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	jobs := make([]sim.Job, 6)
	for i := range jobs {
		jobs[i] = sim.Job{ID: int64(i + 1), Run: 10, CPUs: 1 + i%3}
	}
	p := sim.Platform{Machines: []sim.Machine{{CPUs: 4, Speed: 1}, {CPUs: 2, Speed: 1}}}
	state := func() *sim.State {
		sm, err := sim.New(p, jobs, nopScheduler{})
		if err != nil {
			t.Fatal(err)
		}
		sm.Advance() // every job waiting at t=0
		return sm.State()
	}
	ints := []string{"0", "1", "2", "5", "6", "-1", "-0", "01", "1.0", "1e0", "99999999999999999999", "123456789012345678", "\"1\"", "null", ""}
	fixed := []string{`{"start":[]}`, `{"start": []}`, `{"start":[]} `, `{"start":[]}{}`, `{"start":null}`, `{}`, `[]`, `{"start":[{}]}`,
		`{"start":[{"job":0}]}`, `{"start":[{"machine":0,"job":0}]}`, `{"start":[{"job":0,"machine":0,"x":1}]}`, `{"start":[{"job":0,"machine":0}],"x":1}`,
		`{"start":[{"job":0,"machine":0},]}`, `{"start":[{"job":0,"machine":0}`, `{"start":[{"job":0,"machine":0}]}x`, ``}
	for k := range 4000 {
		var b []byte
		if k < len(fixed) {
			b = []byte(fixed[k])
		} else {
			b = []byte(`{"start":[`)
			for i := range r.IntN(4) {
				if i > 0 {
					b = append(b, ',')
				}
				if r.IntN(20) == 0 {
					b = append(b, ' ')
				}
				pick := func() string {
					if r.IntN(3) == 0 {
						return ints[r.IntN(len(ints))]
					}
					return fmt.Sprint(r.IntN(7))
				}
				b = fmt.Appendf(b, `{"job":%s,"machine":%s}`, pick(), pick())
			}
			b = append(b, "]}"...)
		}
		fast, slow := state(), state()
		e1, e2 := apply(fast, b), applyJSON(slow, b)
		if fmt.Sprint(e1) != fmt.Sprint(e2) {
			t.Fatalf("answer %s: apply: %v\nencoding/json: %v", b, e1, e2)
		}
		for j := range jobs {
			if fast.Status(j) != slow.Status(j) || fmt.Sprint(fast.Record(j)) != fmt.Sprint(slow.Record(j)) {
				t.Fatalf("answer %s: job %d is %v on %+v, through encoding/json %v on %+v", b, j, fast.Status(j), fast.Record(j), slow.Status(j), slow.Record(j))
			}
		}
	}
}

type nopScheduler struct{}

func (nopScheduler) OnArrival(*sim.State, int)    {}
func (nopScheduler) OnCompletion(*sim.State, int) {}
func (nopScheduler) Schedule(*sim.State)          {}

// TestAnswerKeys: what encoding/json takes for a key of the answer
// (another case, ſ for s, K for k) or keeps the last of (a key given
// twice) is refused; other answers pass to encoding/json's own checks.
func TestAnswerKeys(t *testing.T) {
	for b, want := range map[string]string{
		`{"start":[]}`:                                 "",
		`{"start":null}`:                               "",
		`{"start":[null,{"job":0,"machine":0}]}`:       "",
		`{"x":{"Start":1},"start":[]}`:                 "",
		`{"Start":[]}`:                                 `key "Start": keys are case-sensitive; want "start"`,
		`{"ſtart":[]}`:                                 `key "ſtart": keys are case-sensitive; want "start"`,
		`{"start":[],"start":[]}`:                      `key "start" given twice`,
		`{"start":[{"job":0,"machine":0}],"START":[]}`: `key "START": keys are case-sensitive; want "start"`,
		`{"start":[{"job":0,"Machine":0}]}`:            `start 0: key "Machine": keys are case-sensitive; want "machine"`,
		`{"start":[{},{"machine":0,"machine":1}]}`:     `start 1: key "machine" given twice`,
	} {
		var a answer
		jsonTakes := json.Unmarshal([]byte(b), &a) == nil
		if err := checkAnswerKeys([]byte(b)); fmt.Sprint(err) != want && !(want == "" && err == nil) {
			t.Errorf("%s: %v, want %q", b, err, want)
		}
		if !jsonTakes {
			t.Errorf("%s: encoding/json refuses it: not a case for the key check", b)
		}
	}
}
