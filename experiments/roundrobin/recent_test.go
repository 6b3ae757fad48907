package roundrobin

import (
	"errors"
	"testing"
)

// TestRecentCacheKeepsTheMostRecent: a key asked again is answered from
// the cache; past max, the least recently used key is dropped, and an
// error is returned without keeping anything.
func TestRecentCacheKeepsTheMostRecent(t *testing.T) {
	c := recentCache[int, int]{max: 2}
	made := 0
	get := func(k int) int {
		v, err := c.get(k, func() (int, error) { made++; return 10 * k, nil })
		if err != nil || v != 10*k {
			t.Fatalf("get(%d) = %d, %v", k, v, err)
		}
		return made
	}
	get(1)
	get(2)
	if get(1) != 2 {
		t.Error("1 was made again while kept")
	}
	get(3) // drops 2, the least recently used
	if get(1) != 3 {
		t.Error("1 was dropped instead of 2")
	}
	if get(2) != 4 {
		t.Error("2 was still kept past max")
	}
	bad := errors.New("bad")
	if _, err := c.get(5, func() (int, error) { return 0, bad }); err != bad {
		t.Fatalf("error %v, want %v", err, bad)
	}
	if _, err := c.get(5, func() (int, error) { return 50, nil }); err != nil || len(c.items) != 2 {
		t.Errorf("after an error: %v, %d kept", err, len(c.items))
	}
}
