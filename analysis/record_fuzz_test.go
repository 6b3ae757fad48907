package analysis

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// FuzzReader: no input makes the runs.csv reader panic; an error names
// the file; and what it reads without error is written back and read
// again to the same records (nothing read is a value the writer would not
// write, nor a half of one).
func FuzzReader(f *testing.F) {
	var b bytes.Buffer
	WriteCSV(&b, []Record{{"e", "w", "a", 0, 1, "m", 2.5}, {"e", "w,x", "a", 3, 4, "m", -1e-9}})
	f.Add(b.String())
	f.Add("experiment,workload,algorithm,rep,seed,metric,value\ne,w,a,0,1,m,NaN\n")
	f.Add("experiment,workload,algorithm,rep,seed,metric,value\n\"e\n\",w,a,0,1,m,1\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		var got []Record
		r := NewReader(strings.NewReader(in), "runs.csv")
		for r.Next() {
			got = append(got, r.Record())
		}
		if err := r.Err(); err != nil {
			if !strings.HasPrefix(err.Error(), "runs.csv") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		var w bytes.Buffer
		if err := WriteCSV(&w, got); err != nil {
			t.Fatalf("read %d records it cannot write: %v", len(got), err)
		}
		var again []Record
		r = NewReader(&w, "again")
		for r.Next() {
			again = append(again, r.Record())
		}
		if r.Err() != nil || !slices.Equal(got, again) {
			t.Fatalf("round trip: %v\nread   %+v\nreread %+v", r.Err(), got, again)
		}
	})
}

// FuzzSeriesReader: no input makes the series.csv reader panic (a quote
// left open once did, in both readers), and an error names the file.
func FuzzSeriesReader(f *testing.F) {
	var b bytes.Buffer
	WriteSeriesCSV(&b, []Point{{"e", "w", "a", 0, 1, "queue", 0, 3.25}})
	f.Add(b.String())
	f.Add(strings.Join(SeriesHeader, ",") + "\n\"e,w,a,0,1,queue,0,1\n")
	f.Fuzz(func(t *testing.T, in string) {
		if _, err := ReadSeries(strings.NewReader(in), "series.csv"); err != nil && !strings.HasPrefix(err.Error(), "series.csv") {
			t.Fatalf("error does not name the file: %v", err)
		}
	})
}
