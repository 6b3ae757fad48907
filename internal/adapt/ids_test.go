package adapt

import (
	"slices"
	"testing"
)

// IDs finds an id added before, whether the ids rose until then or not,
// and reads the earlier ids only once, when one first fails to rise.
func TestIDs(t *testing.T) {
	for _, c := range []struct {
		ids   []int64
		want  []bool
		reads int
	}{
		{[]int64{1, 2, 3, 4}, []bool{false, false, false, false}, 0},
		{[]int64{3, 1, 2, 3, 1}, []bool{false, false, false, true, true}, 1},
		{[]int64{5, 5}, []bool{false, true}, 1},
	} {
		var s IDs
		reads := 0
		var got []bool
		for i, id := range c.ids {
			earlier := func(yield func(int64) bool) {
				reads++
				for _, e := range c.ids[:i] {
					if !yield(e) {
						return
					}
				}
			}
			got = append(got, s.Add(id, earlier))
		}
		if !slices.Equal(got, c.want) || reads != c.reads {
			t.Errorf("%v: repeats %v, earlier read %d times; want %v, %d", c.ids, got, reads, c.want, c.reads)
		}
	}
}
