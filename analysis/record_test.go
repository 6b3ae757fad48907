package analysis

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// A runs.csv cut anywhere reads back as an error or as whole records,
// never as a record with a shorter value (observation 4 of the trust
// issue: a value came back as 842.02666).
func TestCutRunsCSVNeverReadsShort(t *testing.T) {
	recs := []Record{
		{"deadline", "ia=1", "edf", 0, 42, "slowdown", 842.026661},
		{"deadline", "ia=1", "edf", 0, 42, "usage_pct", 73.5},
		{"deadline", "ia=1", "fcfs", 1, 43, "wait", math.Pi},
		{"deadline", "ia=1", "fcfs", 1, 43, "makespan", 1e6},
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, recs); err != nil {
		t.Fatal(err)
	}
	full := b.Bytes()
	lineEnds := map[int]int{} // cut offset -> whole records before it
	n := -1                   // the header is not a record
	for i, c := range full {
		if c == '\n' {
			n++
			lineEnds[i+1] = n
		}
	}
	for cut := 0; cut <= len(full); cut++ {
		var got []Record
		r := NewReader(bytes.NewReader(full[:cut]), "runs.csv")
		for r.Next() {
			got = append(got, r.Record())
		}
		whole, atEnd := lineEnds[cut]
		switch {
		case cut == 0:
			// Not even the header: cut short before anything was written.
			if r.Err() == nil || !strings.Contains(r.Err().Error(), "runs.csv: the file is empty") {
				t.Errorf("cut at 0: err = %v, want the file named as empty", r.Err())
			}
		case atEnd && r.Err() != nil:
			t.Errorf("cut at %d (a line end): %v", cut, r.Err())
		case atEnd && len(got) != whole:
			t.Errorf("cut at %d: %d records, want %d", cut, len(got), whole)
		case !atEnd && r.Err() == nil:
			t.Errorf("cut at %d (mid-line %q): no error, %d records read, last %+v", cut,
				full[strings.LastIndexByte(string(full[:cut]), '\n')+1:cut], len(got), got[len(got)-1])
		case !atEnd && !strings.Contains(r.Err().Error(), "runs.csv:"):
			t.Errorf("cut at %d: error %q does not name the file and line", cut, r.Err())
		}
		for i, g := range got {
			if g != recs[i] {
				t.Errorf("cut at %d: record %d = %+v, want %+v", cut, i, g, recs[i])
			}
		}
	}
}

// The same for series.csv.
func TestCutSeriesCSVNeverReadsShort(t *testing.T) {
	pts := []Point{{"e", "w", "a", 0, 1, "queue", 0, 3.25}, {"e", "w", "a", 0, 1, "queue", 10.5, 842.026661}}
	var b bytes.Buffer
	if err := WriteSeriesCSV(&b, pts); err != nil {
		t.Fatal(err)
	}
	full := b.String()
	for cut := len(SeriesHeader); cut < len(full); cut++ {
		if full[cut-1] == '\n' {
			continue
		}
		got, err := ReadSeries(strings.NewReader(full[:cut]), "series.csv")
		if err == nil {
			t.Errorf("cut at %d: no error, read %+v", cut, got)
		}
	}
	if got, err := ReadSeries(strings.NewReader(full), "series.csv"); err != nil || len(got) != 2 || got[1] != pts[1] {
		t.Errorf("whole file: %+v, %v", got, err)
	}
}

// A byte order mark before the header, as a spreadsheet saves "CSV UTF-8",
// once made the header a data line; the file reads as without it.
func TestByteOrderMark(t *testing.T) {
	recs := []Record{{"e", "w", "a", 0, 1, "m", 2.5}}
	var b bytes.Buffer
	if err := WriteCSV(&b, recs); err != nil {
		t.Fatal(err)
	}
	r := NewReader(strings.NewReader("\xef\xbb\xbf"+b.String()), "runs.csv")
	var got []Record
	for r.Next() {
		got = append(got, r.Record())
	}
	if r.Err() != nil || len(got) != 1 || got[0] != recs[0] {
		t.Errorf("got %+v, %v", got, r.Err())
	}
}
