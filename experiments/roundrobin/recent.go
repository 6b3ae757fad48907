package roundrobin

import "sync"

// recentCache keeps the values last made for up to max keys, the most
// recently used last, for concurrent runs that prepare the same input one
// after the other (a window, its scaled copy, a variant's priorities).
// The values are shared: callers must not modify them.
type recentCache[K comparable, V any] struct {
	mu    sync.Mutex
	max   int
	items []recentItem[K, V]
}

type recentItem[K comparable, V any] struct {
	key K
	val V
}

// get returns the value kept for key, or makes it, keeps it (dropping the
// least recently used past max) and returns it. An error is returned and
// nothing kept.
func (c *recentCache[K, V]) get(key K, make func() (V, error)) (V, error) {
	c.mu.Lock()
	for i, it := range c.items {
		if it.key == key {
			copy(c.items[i:], c.items[i+1:])
			c.items[len(c.items)-1] = it
			c.mu.Unlock()
			return it.val, nil
		}
	}
	c.mu.Unlock()
	v, err := make()
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.items) >= c.max {
		copy(c.items, c.items[1:])
		c.items = c.items[:len(c.items)-1]
	}
	c.items = append(c.items, recentItem[K, V]{key, v})
	return v, nil
}
