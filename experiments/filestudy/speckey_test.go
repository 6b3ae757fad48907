package filestudy

import (
	"reflect"
	"testing"

	"github.com/gridbench/gridbench/generators/jobstream"
)

// Every field of jobstream.Spec, which its errors name, is a key of a
// deadline workload: specKey finds it by the Workload field of its name.
func TestSpecFieldsAreKeys(t *testing.T) {
	st := reflect.TypeFor[jobstream.Spec]()
	for i := range st.NumField() {
		if f := st.Field(i).Name; specKey(f) == f {
			t.Errorf("jobstream.Spec.%s has no Workload field of its name, so no study file key", f)
		}
	}
}
