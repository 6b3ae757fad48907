package analysis

import (
	"bytes"
	"strings"
	"testing"
)

// TestSeriesRoundTrip writes points and reads them back bit for bit; a bad
// line is an error naming file and line, and so is a value that is not a
// finite number, which gridbench never writes (bench refuses it).
func TestSeriesRoundTrip(t *testing.T) {
	pts := []Point{
		{"fed", "paper", "SO", 0, 7, "u2_dsa_pending", 0, 550},
		{"fed", "paper", "SO", 0, 7, "u2_dsa_pending", 300, 0.1},
		{"fed", "paper", "DO", 1, 8, "u2_lcg_done", 1e6, 5e-324},
	}
	var b bytes.Buffer
	if err := WriteSeriesCSV(&b, pts); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSeries(strings.NewReader(b.String()), "series.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(pts) || got[1] != pts[1] || got[0] != pts[0] || got[2] != pts[2] {
		t.Errorf("round trip gave %+v, want %+v", got, pts)
	}
	if ts, vs := SeriesOf(got, "paper", "SO", "u2_dsa_pending"); len(ts) != 2 || ts[1] != 300 || vs[0] != 550 {
		t.Errorf("SeriesOf: %v %v", ts, vs)
	}
	bad := strings.Join(SeriesHeader, ",") + "\nfed,paper,SO,0,7,s,x,1\n"
	if _, err := ReadSeries(strings.NewReader(bad), "series.csv"); err == nil || !strings.Contains(err.Error(), "series.csv:2: field t") {
		t.Errorf("bad t: %v", err)
	}
	nan := strings.Join(SeriesHeader, ",") + "\nfed,paper,SO,0,7,s,1,NaN\n"
	if _, err := ReadSeries(strings.NewReader(nan), "series.csv"); err == nil || !strings.Contains(err.Error(), `series.csv:2: fields t "1" and value "NaN": not both finite numbers`) {
		t.Errorf("NaN: %v", err)
	}
}
