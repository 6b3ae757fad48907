package etc

import (
	"fmt"
	"strings"
)

// InstanceName returns the file name Braun et al. give instance seed of a
// class, e.g. "u_c_hilo.7".
func InstanceName(spec Spec, seed uint64) string {
	return fmt.Sprintf("%s.%d", spec.Name(), seed)
}

// ParseName parses a class name as returned by Spec.Name ("u_c_hilo",
// "g_s_lohi") into a Spec with Jobs and Machines left zero for the caller.
func ParseName(name string) (Spec, error) {
	bad := func() (Spec, error) {
		return Spec{}, fmt.Errorf("class %q is not of the form {u,g}_{c,s,i}_{hi,lo}{hi,lo}, e.g. u_c_hilo", name)
	}
	parts := strings.Split(name, "_")
	if len(parts) != 3 || len(parts[2]) != 4 {
		return bad()
	}
	var s Spec
	switch parts[0] {
	case "u":
		s.Method = RangeBased
	case "g":
		s.Method = CVB
	default:
		return bad()
	}
	var err error
	if s.Consistency, err = ParseConsistency(parts[1]); err != nil || len(parts[1]) != 1 {
		return bad()
	}
	if s.TaskHet, err = ParseHeterogeneity(parts[2][:2]); err != nil {
		return bad()
	}
	if s.MachHet, err = ParseHeterogeneity(parts[2][2:]); err != nil {
		return bad()
	}
	return s, nil
}
