// Package bank is a small in-memory bank whose every operation is
// individually thread-safe, and whose transfer is still wrong.
//
// The bug: [Bank.Transfer] checks the balance in one critical section
// (Balance) and debits it in another (withdraw). Two transfers out of the
// same account can both pass the check before either debits, and the
// account goes negative: a check-then-act (atomicity) violation, not a data
// race, so the race detector does not see it. It needs the second transfer
// to run between the first one's check and its debit; vt finds that
// interleaving and reports an assert failure (the test's no-negative-balance
// invariant, checked with testify).
//
// The fix: [Bank.TransferAtomic] checks and moves under one lock; vt reports
// ok.
package bank

import (
	"errors"
	"fmt"
	"sync"
)

// ErrInsufficientFunds is returned by a transfer the source cannot cover.
var ErrInsufficientFunds = errors.New("insufficient funds")

// A Bank holds named accounts.
type Bank struct {
	mu       sync.Mutex
	accounts map[string]int
}

// New returns a bank with the given opening balances.
func New(balances map[string]int) *Bank {
	b := &Bank{accounts: make(map[string]int, len(balances))}
	for name, bal := range balances {
		b.accounts[name] = bal
	}
	return b
}

// Balance returns the balance of the named account.
func (b *Bank) Balance(name string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.accounts[name]
}

// Deposit adds amount to the named account.
func (b *Bank) Deposit(name string, amount int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.accounts[name] += amount
}

func (b *Bank) withdraw(name string, amount int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.accounts[name] -= amount
}

// Total returns the money held by all accounts together.
func (b *Bank) Total() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	total := 0
	for _, bal := range b.accounts {
		total += bal
	}
	return total
}

// Transfer moves amount from one account to another if the source can cover
// it. Each step is atomic, but the check and the debit are not atomic
// together: a concurrent transfer can spend the money in between.
func (b *Bank) Transfer(from, to string, amount int) error {
	if b.Balance(from) < amount {
		return fmt.Errorf("transfer %d from %s: %w", amount, from, ErrInsufficientFunds)
	}
	b.withdraw(from, amount)
	b.Deposit(to, amount)
	return nil
}

// TransferAtomic is Transfer with the check and the move in one critical
// section.
func (b *Bank) TransferAtomic(from, to string, amount int) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.accounts[from] < amount {
		return fmt.Errorf("transfer %d from %s: %w", amount, from, ErrInsufficientFunds)
	}
	b.accounts[from] -= amount
	b.accounts[to] += amount
	return nil
}
