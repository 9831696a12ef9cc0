import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CustomFieldRow } from './custom-field.entity';

/** One record's value of a custom field, as its type's rule normalized it (see libs/domain custom-fields). */
@Entity('custom_field_values')
export class CustomFieldValueRow {
  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'pk_custom_field_values' })
  field_id: number;

  @ManyToOne(() => CustomFieldRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'field_id', foreignKeyConstraintName: 'fk_custom_field_values_field' })
  field?: Relation<CustomFieldRow>;

  /** The record's id in the field's table. */
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_custom_field_values' })
  row_id: string;

  @Column({ type: 'jsonb' })
  value: string | number | boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at: Date;

  /** The admin who last set it. */
  @Column({ type: 'int', nullable: true })
  updated_by: number | null;
}
