// Package lockorder moves money between accounts that each have their own
// mutex, the classic setting for a lock-order inversion.
//
// The bug: [Transfer] locks the source account and then the destination.
// When one goroutine transfers from a to b while another transfers from b to
// a, the first can hold a's lock and wait for b's while the second holds b's
// and waits for a's. Neither ever proceeds. Most interleavings finish (one
// transfer takes both locks before the other starts); vt finds one that does
// not and reports a deadlock with both goroutines blocked in
// sync.Mutex.Lock.
//
// The fix: [OrderedTransfer] always locks the account with the lower ID
// first, so every goroutine takes the locks in the same global order; vt
// reports ok.
package lockorder

import (
	"errors"
	"fmt"
	"sync"
)

// ErrInsufficientFunds is returned by a transfer the source cannot cover.
var ErrInsufficientFunds = errors.New("insufficient funds")

// An Account is a balance guarded by its own mutex.
type Account struct {
	ID int

	mu      sync.Mutex
	balance int
}

// NewAccount returns an account with the given ID and opening balance.
func NewAccount(id, balance int) *Account {
	return &Account{ID: id, balance: balance}
}

// Balance returns the account's current balance.
func (a *Account) Balance() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.balance
}

// Transfer moves amount from one account to another, holding both accounts'
// locks so that no one observes the money in flight. It locks from first and
// to second, which deadlocks against a concurrent transfer in the opposite
// direction.
func Transfer(from, to *Account, amount int) error {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock()
	defer to.mu.Unlock()
	return move(from, to, amount)
}

// OrderedTransfer is Transfer with the locks taken in order of account ID,
// which cannot deadlock.
func OrderedTransfer(from, to *Account, amount int) error {
	if from.ID == to.ID {
		return fmt.Errorf("transfer from account %d to itself", from.ID)
	}
	first, second := from, to
	if second.ID < first.ID {
		first, second = second, first
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock()
	defer second.mu.Unlock()
	return move(from, to, amount)
}

// move moves the money; the caller holds both locks.
func move(from, to *Account, amount int) error {
	if amount <= 0 {
		return fmt.Errorf("invalid amount %d", amount)
	}
	if from.balance < amount {
		return fmt.Errorf("account %d: %w", from.ID, ErrInsufficientFunds)
	}
	from.balance -= amount
	to.balance += amount
	return nil
}
