#!/usr/bin/env python3
"""Prints bcrypt_pbkdf expected values for Tests/TermindCryptoTests/Keys/BCryptPBKDFTests.swift.

Uses the `bcrypt` package (`pip install bcrypt`), whose `kdf` is OpenBSD's bcrypt_pbkdf:
    python3 Tests/Rig/generate_bcrypt_pbkdf_vectors.py
"""
import bcrypt

CASES = [
    # (passphrase, salt, rounds, length): the shapes OpenSSH uses, then edge cases.
    (b"correct horse battery staple", bytes(range(16)), 16, 48),  # aes256-ctr key + IV
    (b"password", b"salt", 4, 32),  # aes128-ctr key + IV
    (b"p", b"s", 1, 1),  # shortest everything
    (b"\x00\xffbinary\x00", b"\x01" * 64, 2, 100),  # NULs in the passphrase, stride 4
    (b"x" * 200, b"y" * 300, 1, 512),  # the longest key this package computes
]

for passphrase, salt, rounds, length in CASES:
    key = bcrypt.kdf(password=passphrase, salt=salt, desired_key_bytes=length, rounds=rounds, ignore_few_rounds=True)
    print(f"passphrase={passphrase.hex()} salt={salt.hex()} rounds={rounds} length={length}")
    print(f"  key={key.hex()}")
