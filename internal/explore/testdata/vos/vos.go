package vos
