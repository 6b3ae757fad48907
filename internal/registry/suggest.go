package registry

import (
	"fmt"
	"slices"
	"strings"
)

// Suggest returns the registered names closest to name, a name that is not
// registered, for a "did you mean" in its error: the names it spells in
// another case, else those at most a third of its length away in
// single-letter edits (an insertion, a deletion, a change, or two
// neighbours swapped: "eas" is one from "easy", "easy-sjfb" one from
// "easy-sjbf" and "easy-sjf"), the nearest only, at most three, sorted.
func (r *Registry[F]) Suggest(name string) []string { return Nearest(name, r.Sorted()) }

// Nearest is Suggest over names, in the order given (ties keep it),
// rather than a registry's: for anything a user picks by name.
func Nearest(name string, names []string) []string {
	type near struct {
		name string
		d    int
	}
	var ns []near
	lower := strings.ToLower(name)
	limit := max(1, min(3, len([]rune(name))/3))
	for _, n := range names {
		if d := edits(lower, strings.ToLower(n)); d <= limit {
			ns = append(ns, near{n, d})
		}
	}
	slices.SortStableFunc(ns, func(a, b near) int { return a.d - b.d })
	var out []string
	for _, n := range ns {
		if n.d > ns[0].d || len(out) == 3 {
			break
		}
		out = append(out, n.name)
	}
	return out
}

// DidYouMean is names (from Suggest) as a clause for an error after the
// unknown name: `; did you mean "easy"?`, or "" when there is none.
func DidYouMean(names []string) string {
	if len(names) == 0 {
		return ""
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return "; did you mean " + strings.Join(q, " or ") + "?"
}

// edits is the optimal string alignment distance between a and b: the
// fewest insertions, deletions, changes and swaps of two neighbours that
// turn one into the other, no letter edited twice.
func edits(a, b string) int {
	x, y := []rune(a), []rune(b)
	// d[i][j] is the distance between x[:i] and y[:j].
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
