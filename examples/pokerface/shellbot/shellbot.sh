#!/usr/bin/env bash
# A Pokerface bot in bash (seed 003 protocol). Its bot.jlsc asks for cards separated by commas.
# It gives away its first card, takes one extra card, and shows the last five cards it holds.
IFS=, read -r -a hand          # the dealt hand: five cards
echo true                      # yes, exchange ...
echo 0                         # ... the card at index 0
read -r new                    # its replacement
echo 1                         # one extra card
read -r extra
held=("${hand[@]:1}" "$new" "$extra")
echo "${held[@]:1}"            # five of the six cards held
