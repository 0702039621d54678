"""Every passage of every book compared, not only the rule topics mkdb has names for: books cut into
passages (`units`), aligned pair by pair from what carries across languages (`align`), and the aligned
passages checked for dropped or added text, numbers and card names that differ (`compare`)."""
