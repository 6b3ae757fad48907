package backfill

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestAVX2FormsUseNoLegacySSE reads hold_amd64.s: in a routine that
// writes a 256-bit (Y) register, every instruction on an X or Y
// register must be VEX-encoded (its name starts with V). A legacy SSE
// instruction (MOVSD, UCOMISD, MOVD to an X register) while the upper
// halves are dirty costs a state transition or a merge on Intel CPUs:
// hold8AVX2 read ts[b+7] with MOVSD and compared it with UCOMISD inside
// its loop, and CONS on the first 100,000 RICC-2010-2 jobs took 33 s of
// CPU on an Intel Xeon (AVX-512) where the pure-Go twins took 7.3 s, and
// 605 s at 400,000. AMD CPUs pay nothing, which is why it went unseen.
// The test reads the source, so it runs on every CPU.
func TestAVX2FormsUseNoLegacySSE(t *testing.T) {
	src, err := os.ReadFile("hold_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	vecReg := regexp.MustCompile(`\b[XY]\d+\b`)
	wide := regexp.MustCompile(`\bY\d+\b`)
	type inst struct {
		line int
		text string
	}
	var name string
	var body []inst
	routines := 0
	check := func() {
		if name == "" {
			return
		}
		usesY := false
		for _, in := range body {
			usesY = usesY || wide.MatchString(in.text)
		}
		if !usesY {
			return
		}
		routines++
		for _, in := range body {
			op := strings.Fields(in.text)[0]
			if vecReg.MatchString(in.text) && !strings.HasPrefix(op, "V") {
				t.Errorf("hold_amd64.s:%d: %s uses the legacy SSE form %s in a routine with 256-bit registers; use its VEX form (V%s)", in.line, name, op, op)
			}
		}
	}
	for i, l := range strings.Split(string(src), "\n") {
		l, _, _ = strings.Cut(l, "//")
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "TEXT"):
			check()
			name, body = strings.TrimSuffix(strings.TrimPrefix(strings.Fields(l)[1], "·"), "(SB),"), nil
		case l == "" || strings.HasSuffix(l, ":") || strings.HasPrefix(l, "#"):
		default:
			body = append(body, inst{i + 1, l})
		}
	}
	check()
	if routines < 2 {
		t.Fatalf("hold_amd64.s: %d routines with 256-bit registers read, want hold8AVX2 and add32AVX2 (has the file changed shape?)", routines)
	}
}
