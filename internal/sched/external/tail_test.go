package external

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

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
