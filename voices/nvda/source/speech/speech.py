# Excerpt of source/speech/speech.py in nvaccess/nvda at 00235ec18c5d333a9c4c9fbd8c1f27494495969b:
# only the lines Earshot takes words from, unchanged and in their original order; a line
# that starts with "# Earshot:" is Earshot's own and names the function of the lines below it.
# GNU General Public License version 2 or later, see ../../LICENSE.

# Earshot: getTextInfoSpeech (the last words of a line that has nothing else to say)
		# Translators: This is spoken when the line is considered blank.
		speechSequence.append(_("blank"))

# Earshot: getPropertiesSpeech (table cells)
				# Translators: Speaks current row number (example output: row 3).
				rowNumberTranslation: str = _("row %s") % rowNumber
				# Translators: Speaks current column number (example output: column 3).
				colNumberTranslation: str = _("column %s") % columnNumber

# Earshot: getPropertiesSpeech (position in a group, level)
		# Translators: Spoken to indicate the position of an item in a group of items (such as a list).
		# {number} is replaced with the number of the item in the group.
		# {total} is replaced with the total number of items in the group.
		itemPosTranslation: str = _("{number} of {total}").format(
			number=indexInGroup,
			total=similarItemsInGroup,
		)
			# Translators: Speaks the item level in treeviews (example output: level 2).
			levelTranslation: str = _("level %s") % level

# Earshot: getControlFieldSpeech (a landmark's role text, a list's item count, leaving a container)
	elif role == controlTypes.Role.LANDMARK and landmark:
		roleTextSequence = [
			f"{aria.landmarkRoles[landmark]} {controlTypes.Role.LANDMARK.displayString}",
		]
			# Translators: Number of items in a list (example output: list with 5 items).
			ngettext("with %s item", "with %s items", childControlCount) % childControlCount
				# Translators: Indicates end of something (example output: at the end of a list, speaks out of list).
				_("out of %s") % joinedRoleText,

# Earshot: getFormatFieldSpeech (a heading reported as a text format, not as a control)
			# Translators: Speaks the heading level (example output: heading level 2).
			text = _("heading level %d") % headingLevel
