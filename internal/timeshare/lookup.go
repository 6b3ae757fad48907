package timeshare

import (
	"fmt"
	"strings"
)

// Lookup returns what is registered under name (case-insensitive), or an
// error listing the valid names: the registry shape of the other families.
func Lookup(name string) (Info, error) {
	info, ok := reg.Lookup(name)
	if !ok {
		return Info{}, fmt.Errorf("unknown algorithm %q (valid: %s)", name, strings.Join(Algorithms(), ", "))
	}
	return info, nil
}
