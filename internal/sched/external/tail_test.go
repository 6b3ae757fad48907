package external

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// causeRE is the definition namesError is a fast twin of.
var causeRE = regexp.MustCompile(`(?i)(error|exception|fatal|panic|abort|cannot|can't|unable to|not found|no such|denied|failed)`)

// naiveQuote is tail.quote computed from all of stderr at once: the twin
// of the streaming tail, which sees the text in pieces of any size.
func naiveQuote(text string) string {
	all := strings.Split(text, "\n")
	if strings.HasSuffix(text, "\n") {
		all = all[:len(all)-1]
	}
	var kept []string
	causeAt, causeN, n := 0, 0, 0
	cause := ""
	for i, l := range all {
		clipped := len(l) > maxStderrLine
		l = strings.TrimSpace(strings.ToValidUTF8(l[:min(len(l), maxStderrLine)], ""))
		if clipped {
			l += "…"
		}
		if l == "" {
			continue
		}
		n++
		kept = append(kept, l)
		if causeRE.MatchString(l) {
			cause, causeAt, causeN = l, i+1, n
		}
	}
	if n == 0 {
		return ""
	}
	last := kept[max(0, len(kept)-stderrLines):]
	if cause != "" && causeN <= n-len(last) {
		return fmt.Sprintf("its stderr line %d of %d reads: %s; and it ends: %s", causeAt, len(all), cause, strings.Join(last, " | "))
	}
	return "its stderr ends: " + strings.Join(last, " | ")
}

func TestTailMatchesNaive(t *testing.T) {
	words := []string{"at frame", "Error: Cannot find module 'x'", "", "  ", "ok", "panic: boom", strings.Repeat("y", 400), "}"}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(words[rng.IntN(len(words))])
			if rng.IntN(10) > 0 {
				b.WriteByte('\n')
			}
		}
		text := b.String()
		var tl tail
		for rest := text; rest != ""; {
			k := min(len(rest), 1+rng.IntN(50))
			tl.Write([]byte(rest[:k]))
			rest = rest[k:]
		}
		if got, want := tl.quote(), naiveQuote(text); got != want {
			t.Fatalf("trial %d: stderr %q\nquoted %q\nnaive  %q", trial, text, got, want)
		}
	}
}

// What a quote looks like on Node's error for a missing module: the
// decisive line, 9 lines above the end, is named with its line number.
func TestTailKeepsNodesCause(t *testing.T) {
	node := `node:internal/modules/cjs/loader:1080
  throw err;
  ^

Error: Cannot find module '/home/u/mine.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1077:15)
    at Module._load (node:internal/modules/cjs/loader:922:27)
    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:86:12)
    at node:internal/main/run_main_module:23:47 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v18.19.0
`
	var tl tail
	tl.Write([]byte(node))
	want := "its stderr line 5 of 14 reads: Error: Cannot find module '/home/u/mine.js'; and it ends: " +
		"at node:internal/main/run_main_module:23:47 { | code: 'MODULE_NOT_FOUND', | requireStack: [] | } | Node.js v18.19.0"
	if got := tl.quote(); got != want {
		t.Errorf("quoted %q\nwant   %q", got, want)
	}
	if !regexp.MustCompile(`^[^\n]*$`).MatchString(tl.quote()) {
		t.Errorf("quote spans lines")
	}
}

// TestNamesErrorIsCauseRE: the byte scan finds an error word where the
// regular expression does, on lines made of the words' pieces in mixed
// case, the letters Unicode folds onto theirs (ſ, K), and other bytes.
func TestNamesErrorIsCauseRE(t *testing.T) {
	pieces := []string{"err", "Or", "ERROR", "exc", "eption", "fat", "AL", "pan", "ic", "abo", "rt", "can", "not", "'t", "can’t", "un", "able", " to", "  to",
		"no", "t found", " ſuch", " SUCH", " Such", "n", "o s", "uch", "den", "ied", "fail", "ed", "FAILED", "K", "é", "x", " ", "\t", "ſ", "s"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		l := b.String()
		if got, want := namesError([]byte(l)), causeRE.MatchString(l); got != want {
			t.Fatalf("namesError(%q) = %v, causeRE matches: %v", l, got, want)
		}
	}
	for _, l := range []string{"no ſuch file", "NO SUCH", "Can't", "fatal", "unable  to", "not  found", "eRrOr", "", "ſ", "deniedx"} {
		if got, want := namesError([]byte(l)), causeRE.MatchString(l); got != want {
			t.Errorf("namesError(%q) = %v, causeRE matches: %v", l, got, want)
		}
	}
}

// TestTailDrainsWithoutAllocating: filing a drained stderr line costs no
// allocation, and none of its lines is converted to a string (the regular
// expression the lines went through, and the string each became, drained
// 2 MB/s: a scheduler writing 5 MB of stderr at one decision missed a
// 500 ms answer timeout). Not timed: allocations are counted.
func TestTailDrainsWithoutAllocating(t *testing.T) {
	text := []byte(strings.Repeat(strings.Repeat("x", 200)+"\n"+"Error: at line 3 of progress\n", 100))
	var tl tail
	tl.Write(text) // the ring's and the cause's buffers grow once
	if a := testing.AllocsPerRun(20, func() { tl.Write(text) }); a != 0 {
		t.Errorf("draining 200 lines of stderr: %v allocations, want 0", a)
	}
	if got, want := tl.quote(), naiveQuote(strings.Repeat(string(text), 22)); got != want {
		t.Errorf("quoted %q\nnaive  %q", got, want)
	}
}
