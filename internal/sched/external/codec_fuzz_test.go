package external

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// FuzzScanStarts: the compact answer reader takes an answer only when
// encoding/json (the reader of every other answer) reads the very same
// starts from it, so no answer means one thing through one path and
// another through the other.
func FuzzScanStarts(f *testing.F) {
	for _, s := range []string{
		`{"start":[]}`, `{"start":[{"job":0,"machine":1}]}`, `{"start":[{"job":12,"machine":0},{"job":-0,"machine":3}]}`,
		`{"start":[{"job":1,"machine":2}]} `, `{"start":[{"job":01,"machine":2}]}`, `{"start":[{"job":1e2,"machine":2}]}`,
		`{"start":[{"job":999999999999999999,"machine":2}]}`, `{"start":[{"job":1,"machine":2},]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		type start struct{ j, m int }
		var fast []start
		if !walkStarts(b, func(j, m int) bool { fast = append(fast, start{j, m}); return true }) {
			return
		}
		var a answer
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil || a.Start == nil || dec.More() {
			t.Fatalf("%q: taken by walkStarts as %v, but encoding/json says %v", b, fast, err)
		}
		if err := checkAnswerKeys(b); err != nil {
			t.Fatalf("%q: taken by walkStarts, but its keys are not: %v", b, err)
		}
		var slow []start
		for _, st := range *a.Start {
			if st.Job == nil || st.Machine == nil {
				t.Fatalf("%q: a start without job or machine taken by walkStarts", b)
			}
			slow = append(slow, start{*st.Job, *st.Machine})
		}
		if !slices.Equal(fast, slow) {
			t.Fatalf("%q: walkStarts %v, encoding/json %v", b, fast, slow)
		}
	})
}
