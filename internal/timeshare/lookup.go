package timeshare

import (
	"fmt"
	"strings"

	"github.com/gridbench/gridbench/internal/registry"
)

// Lookup returns what is registered under name (case-insensitive), or an
// error listing the valid names: the registry shape of the other families.
func Lookup(name string) (Info, error) {
	info, ok := reg.Lookup(name)
	if !ok {
		return Info{}, fmt.Errorf("unknown algorithm %q%s (valid: %s)", name, registry.DidYouMean(reg.Suggest(name)), strings.Join(Algorithms(), ", "))
	}
	return info, nil
}
