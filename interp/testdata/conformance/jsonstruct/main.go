// Program jsonstruct marshals and unmarshals a struct with encoding/json
// (reflect.TypeAssert, Value.Grow), and indents a map.
package main

import (
	"encoding/json"
	"fmt"
)

type Inner struct {
	X int `json:"x"`
}

type S struct {
	Name  string            `json:"name"`
	Tags  []string          `json:"tags,omitempty"`
	M     map[string]int    `json:"m"`
	In    *Inner            `json:"in"`
	Any   any               `json:"any"`
	Raw   json.RawMessage   `json:"raw"`
	Empty map[string]string `json:"empty,omitempty"`
}

func main() {
	s := S{Name: "a", Tags: []string{"x"}, M: map[string]int{"b": 2, "a": 1}, In: &Inner{3}, Any: 1.5, Raw: json.RawMessage(`{"k":1}`)}
	b, err := json.Marshal(s)
	fmt.Println(string(b), err)
	var back S
	fmt.Println(json.Unmarshal(b, &back), back.Name, back.M, back.In.X, back.Any)
	b, err = json.MarshalIndent(map[string]any{"z": []int{1, 2}, "a": nil}, "", "  ")
	fmt.Println(string(b), err)
}
