// Package binarytrees builds complete binary trees and checks them with
// futures (BinaryTrees, after the benchmarks game): both subtrees of a node
// are built, and checked, by futures. Trees are never shared for writing.
// Expected vt verdict: no race.
package binarytrees

import "github.com/vtcheck/vt/habanero"

// Node is a tree node; leaves have no children.
type Node struct {
	Left, Right *Node
}

// Build returns a complete tree of the given depth, building subtrees above
// depth cutoff in futures.
func Build(t *habanero.Task, depth, cutoff int) *Node {
	if depth == 0 {
		return &Node{}
	}
	if depth <= cutoff {
		return &Node{Build(t, depth-1, cutoff), Build(t, depth-1, cutoff)}
	}
	l := habanero.Future(t, func(t *habanero.Task) *Node { return Build(t, depth-1, cutoff) })
	r := habanero.Future(t, func(t *habanero.Task) *Node { return Build(t, depth-1, cutoff) })
	return &Node{l.Get(t), r.Get(t)}
}

// Check returns the number of nodes of the tree, counting subtrees in
// futures.
func Check(t *habanero.Task, n *Node) int {
	if n.Left == nil {
		return 1
	}
	l := habanero.Future(t, func(t *habanero.Task) int { return Check(t, n.Left) })
	return 1 + Check(t, n.Right) + l.Get(t)
}

// Checks builds one tree of each depth in [minDepth, maxDepth] in its own
// async and returns the node count of each.
func Checks(minDepth, maxDepth int) []int {
	counts := make([]int, maxDepth-minDepth+1)
	habanero.Launch(func(t *habanero.Task) {
		t.Forall(minDepth, maxDepth+1, func(t *habanero.Task, d int) {
			counts[d-minDepth] = Check(t, Build(t, d, d-3))
		})
	})
	return counts
}
