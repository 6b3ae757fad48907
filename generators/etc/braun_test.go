package etc

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

func TestReadLayouts(t *testing.T) {
	want := []float64{50, 20, 15, 20, 60, 15}
	for _, tc := range []struct {
		name, in string
		opts     ReadOptions
	}{
		{"three-field header", "2 3 0\n50\n20\n15\n20\n60\n15\n", ReadOptions{}},
		{"two-field header", "2 3\n50\n20\n15\n20\n60\n15\n", ReadOptions{}},
		{"CRLF and blank lines", "2 3 0\r\n\r\n50\r\n20\r\n15\r\n20\r\n60\r\n15\r\n\r\n", ReadOptions{}},
		{"rows on lines", "2 3 0\n50 20 15\n20\t60 15\n", ReadOptions{}},
		{"no header", "50.0\n20\n15\n20\n60\n15\n", ReadOptions{Jobs: 2, Machines: 3}},
		{"integer rows, no header", "50 20 15\n20 60 15\n", ReadOptions{Jobs: 2, Machines: 3, Header: HeaderAbsent}},
		{"header agrees with options", "2 3 0\n50\n20\n15\n20\n60\n15\n", ReadOptions{Jobs: 2, Machines: 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(tc.in), "x.etc", tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if m.Jobs != 2 || m.Machines != 3 {
				t.Fatalf("size %d×%d, want 2×3", m.Jobs, m.Machines)
			}
			for k, v := range want {
				if m.ETC[k] != v {
					t.Fatalf("ETC[%d] = %v, want %v", k, m.ETC[k], v)
				}
			}
			// Job-major: value k is ETC[k/m][k%m].
			if m.At(1, 1) != 60 {
				t.Fatalf("At(1,1) = %v, want 60", m.At(1, 1))
			}
		})
	}
}

// A byte order mark before the header, as some editors save UTF-8, once
// made the header unreadable ("\ufeff512"); the file reads as without it.
func TestReadByteOrderMark(t *testing.T) {
	m, err := Read(strings.NewReader("\xef\xbb\xbf2 1 0\n1\n2\n"), "x.etc", ReadOptions{})
	if err != nil || m.Jobs != 2 || m.Machines != 1 || m.ETC[1] != 2 {
		t.Fatalf("got %+v, %v", m, err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		opts     ReadOptions
		want     string
	}{
		{"empty", "", ReadOptions{}, "x.etc: empty file"},
		{"blank only", "\n \r\n", ReadOptions{}, "x.etc: empty file"},
		{"too few", "2 2 0\n1\n2\n3\n", ReadOptions{}, "x.etc: expected 4 values (2 jobs × 2 machines from the header on line 1), found 3"},
		{"too many", "2 2 0\n1\n2\n3\n4\n5\n", ReadOptions{}, "found 5 (the first extra value is on line 6)"},
		{"not a number", "2 2 0\n1\n2\nx\n4\n", ReadOptions{}, `x.etc:4: value 3 (job 1, machine 0) "x" is not a number`},
		{"negative", "2 2 0\n1\n-2\n3\n4\n", ReadOptions{}, "x.etc:3: value 2 (job 0, machine 1) is negative"},
		{"NaN", "2 2 0\n1\n2\nNaN\n4\n", ReadOptions{}, "x.etc:4: value 3 (job 1, machine 0) is NaN"},
		{"Inf", "2 2 0\n1 +Inf 3 4\n", ReadOptions{}, "x.etc:2: value 2 (job 0, machine 1) is +Inf"},
		{"huge", "2 1\n1e308\n1e308\n", ReadOptions{}, "x.etc:2: value 1 (job 0, machine 0) is 1e308, beyond the limit of 1e+200"},
		{"no header, no size", "1.5\n2\n", ReadOptions{}, "x.etc:1: no header"},
		{"header mismatch", "2 2 0\n1\n2\n3\n4\n", ReadOptions{Jobs: 4, Machines: 1}, "x.etc:1: header says 2 jobs × 2 machines but 4 × 1 were requested"},
		{"header mismatch names --no-header", "1 2 3\n4 5 6\n", ReadOptions{Jobs: 2, Machines: 3}, "or read line 1 as data (ReadOptions.Header = HeaderAbsent; gridbench etc eval --no-header)"},
		{"zero machines", "2 0 0\n", ReadOptions{}, `x.etc:1: header field 2 (machines) "0" is not a positive integer`},
		{"bad header forced", "1.5 2\n", ReadOptions{Header: HeaderPresent}, `header field 1 (jobs) "1.5"`},
		{"huge header", "99999999 99999999\n1\n", ReadOptions{}, "too large"},
		{"half size", "1\n", ReadOptions{Jobs: 1}, "give both jobs and machines"},
		{"options size", "1\n2\n3\n", ReadOptions{Jobs: 2, Machines: 2}, "expected 4 values (2 jobs × 2 machines given as jobs and machines options), found 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.in), "x.etc", tc.opts)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q\ndoes not contain %q", err, tc.want)
			}
		})
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	m := New(3, 2)
	for k := range m.ETC {
		m.ETC[k] = math.Pi * float64(k*k+1) / 7
	}
	m.ETC[4] = 0
	for _, header := range []bool{true, false} {
		var buf bytes.Buffer
		if err := Write(&buf, m, header); err != nil {
			t.Fatal(err)
		}
		got, err := Read(&buf, "rt", ReadOptions{Jobs: 3, Machines: 2})
		if err != nil {
			t.Fatal(err)
		}
		if got.Jobs != 3 || got.Machines != 2 {
			t.Fatalf("header=%v: size %d×%d", header, got.Jobs, got.Machines)
		}
		for k := range m.ETC {
			if got.ETC[k] != m.ETC[k] {
				t.Fatalf("header=%v: ETC[%d] = %v, want %v", header, k, got.ETC[k], m.ETC[k])
			}
		}
	}
}

func TestReadBraunFile(t *testing.T) {
	p := datadir.ForTest(t, "braun-hcsp-512x16/u_c_hihi.0")
	m, err := ReadFile(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Jobs != 512 || m.Machines != 16 {
		t.Fatalf("size %d×%d, want 512×16", m.Jobs, m.Machines)
	}
	// First values of the file (PROVENANCE.md): row 0 starts 91753.195312,
	// row 1 starts 4334.463379; consistent rows are sorted ascending.
	if m.At(0, 0) != 91753.195312 || m.At(0, 15) != 1242110.375 || m.At(1, 0) != 4334.463379 {
		t.Fatalf("unexpected values %v %v %v", m.At(0, 0), m.At(0, 15), m.At(1, 0))
	}
	for i := 0; i < m.Jobs; i++ {
		r := m.Row(i)
		for j := 1; j < len(r); j++ {
			if r[j] < r[j-1] {
				t.Fatalf("u_c row %d not sorted at machine %d: the reader is not job-major", i, j)
			}
		}
	}
}

func FuzzRead(f *testing.F) {
	f.Add("2 3 0\n50\n20\n15\n20\n60\n15\n", 0, 0)
	f.Add("1 1\n0.5\r\n", 0, 0)
	f.Add("50 20 15\n20 60 15\n", 2, 3)
	f.Add("", 0, 0)
	f.Add("2 2 0\n1\n2\nNaN\n-4\n", 0, 0)
	f.Add("3 1 7\n1e308\n0x1p-3\n4\n", 3, 1)
	f.Fuzz(func(t *testing.T, in string, jobs, machines int) {
		if jobs > 1000 || machines > 1000 {
			return
		}
		m, err := Read(strings.NewReader(in), "fuzz", ReadOptions{Jobs: jobs, Machines: machines})
		if err != nil {
			return
		}
		if len(m.ETC) != m.Jobs*m.Machines || m.Jobs <= 0 || m.Machines <= 0 {
			t.Fatalf("inconsistent matrix %d×%d with %d values", m.Jobs, m.Machines, len(m.ETC))
		}
		for _, v := range m.ETC {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				t.Fatalf("accepted invalid value %v", v)
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, m, true); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&buf, "rewritten", ReadOptions{})
		if err != nil {
			t.Fatalf("re-reading what Write produced: %v", err)
		}
		if back.Jobs != m.Jobs || back.Machines != m.Machines {
			t.Fatalf("size changed: %d×%d → %d×%d", m.Jobs, m.Machines, back.Jobs, back.Machines)
		}
		for k := range m.ETC {
			if back.ETC[k] != m.ETC[k] {
				t.Fatalf("value %d changed: %v → %v", k, m.ETC[k], back.ETC[k])
			}
		}
	})
}

// A file cut inside its last value still holds as many values, the last
// one shorter (21137790.0 cut to 211377): a last line with no line end is
// refused, naming the file and line; a whole file ends with one.
func TestReadRefusesALastLineCutShort(t *testing.T) {
	whole := "2 3 0\n50\n20\n15\n20\n60\n21137790.0\n"
	if _, err := Read(strings.NewReader(whole), "x.etc", ReadOptions{}); err != nil {
		t.Fatal(err)
	}
	cut := whole[:len(whole)-5] // "...\n21137"
	_, err := Read(strings.NewReader(cut), "x.etc", ReadOptions{})
	if err == nil || !strings.HasPrefix(err.Error(), "x.etc:7: the last line has no line end, so the file may be cut short") {
		t.Errorf("cut inside the last value: %v", err)
	}
	// A last line of blanks alone is no value cut short.
	if _, err := Read(strings.NewReader(whole+"  "), "x.etc", ReadOptions{}); err != nil {
		t.Errorf("a last line of blanks: %v", err)
	}
}
